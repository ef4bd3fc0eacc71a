"use client";

import { useQuery, type QueryKey } from "@tanstack/react-query";
import { fetchReport } from "./fetch-report";
import type { Loaded } from "./loaded";
import { ReportError } from "./report-error";

/**
 * A report in the browser: painted at once from what the server loaded, then kept in the query
 * cache. A failure from the server is shown as is, without asking again until the person refreshes.
 */
export function useReport<T>(queryKey: QueryKey, path: string, params: Record<string, string | undefined>, initial?: Loaded<T>) {
  const query = useQuery<T, ReportError>({
    queryKey,
    queryFn: ({ signal }) => fetchReport<T>(path, params, signal),
    initialData: initial?.ok ? initial.data : undefined,
    initialDataUpdatedAt: initial?.loadedAt,
    enabled: initial ? initial.ok : true,
  });
  const initialError =
    initial && !initial.ok && query.fetchStatus === "idle" && query.dataUpdatedAt === 0 && !query.error
      ? new ReportError(initial.status, initial.error.code, initial.error.message, initial.error.upstream ?? null)
      : null;
  return { ...query, error: query.error ?? initialError };
}
