import { ReportError } from "./report-error";

/** Reads one of Daybook's report routes from the browser; a failure becomes a ReportError with the upstream details. */
export async function fetchReport<T>(path: string, params: Record<string, string | undefined> = {}, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
  let response: Response;
  try {
    response = await fetch(query.size ? `${path}?${query}` : path, { cache: "no-store", signal, headers: { Accept: "application/json" } });
  } catch {
    throw new ReportError(0, "offline", "Daybook could not be reached. Check the connection and try again.", null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ReportError.fromBody(response.status, body);
  return body as T;
}
