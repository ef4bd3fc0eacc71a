import { actionLabel, detailValue } from "@/lib/core/audit";
import { AppError } from "@/lib/core/errors";
import { listAuditEvents, type AuditFilters } from "@/lib/server/audit/query";
import type { Database } from "@/lib/server/db/open";
import type { AuditEvent } from "@/lib/server/db/schema";

import { chooseColumns, tabulate, type CsvColumn, type CsvTable } from "./csv";

/** The audit screen's columns; a missing value is an empty cell, what Daybook did by itself reads "The system", as on the screen. */
export const AUDIT_LOG_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  { group: "at", header: "When (UTC)", cell: (event) => event.at.toISOString() },
  { group: "actor", header: "Who", cell: (event) => event.actorEmail ?? "The system" },
  { group: "action", header: "What", cell: (event) => actionLabel(event.action) },
  { group: "action", header: "Action code", cell: (event) => event.action },
  { group: "target", header: "Target", cell: (event) => event.target ?? "" },
  { group: "property", header: "Property", cell: (event) => event.propertyName ?? "" },
  { group: "outcome", header: "Outcome", cell: (event) => (event.outcome === "failure" ? "Failure" : "Success") },
  {
    group: "details",
    header: "Details",
    cell: (event) =>
      Object.entries(event.details ?? {})
        .map(([key, value]) => `${key}: ${detailValue(value)}`)
        .join("; "),
  },
  { group: "clientAddress", header: "Client address", cell: (event) => event.clientAddress ?? "" },
];

export const AUDIT_LOG_GROUPS: readonly string[] = [...new Set(AUDIT_LOG_COLUMNS.map((column) => column.group))];

/** More than this is not one download: the person narrows the dates instead. */
export const AUDIT_EXPORT_LIMIT = 100_000;
const PAGE = 500;

/** Every entry the filters match, newest first, read page by page with the screen's own query. */
export async function readAuditLogForExport(
  db: Database,
  filters: AuditFilters,
  limit = AUDIT_EXPORT_LIMIT,
): Promise<AuditEvent[]> {
  const rows: AuditEvent[] = [];
  let beforeId: number | undefined;
  do {
    const page = await listAuditEvents(db, filters, { beforeId, limit: PAGE });
    rows.push(...page.rows);
    if (rows.length > limit) {
      throw new AppError(
        422,
        "too_many_rows",
        `More than ${limit.toLocaleString("en-US")} entries match: narrow the dates and export again.`,
        "tooManyEntries",
        { limit },
      );
    }
    beforeId = page.nextCursor ?? undefined;
  } while (beforeId !== undefined);
  return rows;
}

export function auditLogCsvTable(events: readonly AuditEvent[], columns?: readonly string[]): CsvTable {
  return tabulate(chooseColumns(AUDIT_LOG_COLUMNS, new Set(columns ?? AUDIT_LOG_GROUPS)), events);
}
