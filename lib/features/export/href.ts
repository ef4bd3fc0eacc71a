import type { ExportTableName } from "./audit";

export type ExportParams = Record<string, string | readonly string[] | null | undefined>;

/** The export route's address for a screen's current state; lists are sent comma-separated, unset values not at all. */
export function exportHref(table: ExportTableName, params: ExportParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.set(key, typeof value === "string" ? value : value.join(","));
  }
  const text = query.toString();
  return text ? `/api/export/${table}?${text}` : `/api/export/${table}`;
}
