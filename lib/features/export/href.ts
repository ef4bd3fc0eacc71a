import type { ExportTableName } from "./audit";

export type ExportParams = Record<string, string | readonly string[] | null | undefined>;

/** A screen's state as export fields: lists comma-separated, unset values not at all. */
export function exportFields(params: ExportParams): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    fields.push([key, typeof value === "string" ? value : value.join(",")]);
  }
  return fields;
}

/** The export route's address for a screen's current state (a table whose state holds no search text). */
export function exportHref(table: ExportTableName, params: ExportParams): string {
  const text = new URLSearchParams(exportFields(params)).toString();
  return text ? `/api/export/${table}?${text}` : `/api/export/${table}`;
}

/** Tables exported with a form post: their state holds a guest search, which must not sit in an address. */
export const POSTED_EXPORTS: ReadonlySet<ExportTableName> = new Set(["guests", "banned-after-stay"]);
