import type { AuditEntry } from "@/lib/server/audit/record";

/** The tables Daybook exports, with the words the audit log uses for each. */
export const EXPORT_TABLES = {
  guests: "Guests",
  "criminal-arrivals": "Criminal arrivals",
  overview: "Overview: figures by property",
  "audit-log": "Audit log",
  comparison: "Properties: side by side",
  "review-queue": "Review queue",
  "purge-log": "Purge log",
  "banned-after-stay": "Banned after the stay",
  "investigation-outcomes": "Investigations: match outcomes",
  "investigation-missed-bans": "Investigations: missed bans",
  "investigation-repeat-visitors": "Investigations: repeat visitors",
  "investigation-response": "Investigations: alert response",
  "investigation-staff-flags": "Investigations: staff flags",
} as const;

export type ExportTableName = keyof typeof EXPORT_TABLES;

/** What an export entry in the audit log says. Never a guest's name or number, nor the search text. */
export interface ExportFacts {
  table: ExportTableName;
  /** The reported day, or null where a table has none (the audit log). */
  day: string | null;
  /** Whether the day came from Daybook's stored history rather than live from the API. */
  stored: boolean;
  propertyFilter: string | null;
  rowCount: number;
  /** The screen columns included. */
  columns: readonly string[];
  fullIdentification: boolean;
  /** Why a file of full identification numbers was needed, as the admin wrote it. */
  statedReason?: string;
  /** Other choices that shaped the file, as flags or fixed values ("searched: yes", "order: latest"). */
  view?: Readonly<Record<string, string | boolean>>;
}

export function exportAuditEntry(
  actor: { id: string; email: string },
  facts: ExportFacts,
  clientAddress: string | null,
  outcome: "success" | "failure" = "success",
  reason?: string,
): AuditEntry {
  const details: Record<string, unknown> = {
    table: facts.table,
    day: facts.day,
    stored: facts.stored,
    propertyFilter: facts.propertyFilter,
    rowCount: facts.rowCount,
    columns: [...facts.columns],
    fullIdentification: facts.fullIdentification,
  };
  if (facts.statedReason) details.statedReason = facts.statedReason;
  for (const [key, value] of Object.entries(facts.view ?? {})) if (!(key in details)) details[key] = value;
  if (reason) details.reason = reason;
  return {
    // An action of its own, so the audit log can list these files apart and mark them.
    action: facts.fullIdentification ? "export.full_id" : "export.csv",
    actor,
    target: `${EXPORT_TABLES[facts.table]} table`,
    propertyName: facts.propertyFilter,
    outcome,
    details,
    clientAddress,
  };
}
