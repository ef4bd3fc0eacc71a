import { POLICY_FIELD_LABELS, type PolicyField } from "@/lib/core/privacy";
import type { PurgeLogEntry } from "@/lib/features/privacy/types";

import { tabulate, type CsvColumn, type CsvTable } from "./csv";

const REASONS: Record<PurgeLogEntry["reason"], string> = {
  retention: "Retention",
  policy: "Policy change",
  erasure: "Erasure",
};

/** The purge log's columns, as on Admin → Privacy: what was removed and how much, never the data. */
export const PURGE_LOG_COLUMNS: readonly CsvColumn<PurgeLogEntry>[] = [
  { group: "at", header: "When (UTC)", cell: (row) => row.at.toISOString() },
  { group: "reason", header: "Reason", cell: (row) => REASONS[row.reason] },
  { group: "rule", header: "Rule", cell: (row) => row.rule },
  { group: "day", header: "Day", cell: (row) => row.day ?? "" },
  { group: "property", header: "Property", cell: (row) => row.propertyName ?? "" },
  { group: "kind", header: "Kind", cell: (row) => row.kind },
  { group: "rows", header: "Rows", cell: (row) => row.rows },
  {
    group: "fields",
    header: "Fields",
    cell: (row) => (row.fields ?? []).map((field) => POLICY_FIELD_LABELS[field as PolicyField] ?? field).join(", "),
  },
  { group: "request", header: "Request", cell: (row) => (row.requestId === null ? "" : `#${row.requestId}`) },
];

export function purgeLogCsvTable(rows: readonly PurgeLogEntry[]): CsvTable {
  return tabulate(PURGE_LOG_COLUMNS, rows);
}
