import { ACTION_ROLES, roleAllows, type Role } from "@/lib/core/access";

/** What the export controls offer a person; worked out on the server and handed to the screen. */
export interface ExportAccess {
  csv: boolean;
  /** The "with full identification numbers" choice (with a reason to give): admins only. */
  fullIdentification: boolean;
}

export function exportAccessOf(role: Role): ExportAccess {
  const csv = roleAllows(role, ACTION_ROLES.exportCsv);
  return { csv, fullIdentification: csv && roleAllows(role, ACTION_ROLES.exportFullIdentification) };
}

/**
 * Which numbers a guests file carries: full ones only when asked for and in a column the file has;
 * asked for by someone whose role may not export them, the export is refused (and audited).
 */
export function identificationInExport(
  role: Role,
  asked: boolean,
  columnIncluded: boolean,
): "masked" | "full" | "refused" {
  if (!asked || !columnIncluded) return "masked";
  return roleAllows(role, ACTION_ROLES.exportFullIdentification) ? "full" : "refused";
}

/** The shortest reason accepted for a file of full numbers: a few words, not "x". */
export const MIN_REASON_LENGTH = 10;

export type FullExportCheck =
  { ok: true } | { ok: false; status: 400 | 422; code: "reason_required" | "export_too_large"; message: string };

/**
 * What a file of full identification numbers needs beyond the role: a stated reason (kept in the
 * audit entry) and no more rows than DAYBOOK_FULL_ID_EXPORT_MAX_ROWS, so one file cannot carry a
 * whole group's day.
 */
export function checkFullExport(reason: string | undefined, rowCount: number, maxRows: number): FullExportCheck {
  if ((reason?.trim().length ?? 0) < MIN_REASON_LENGTH) {
    return {
      ok: false,
      status: 400,
      code: "reason_required",
      message: `Say why this file needs full identification numbers (at least ${MIN_REASON_LENGTH} characters); the reason is kept in the audit log.`,
    };
  }
  if (rowCount > maxRows) {
    return {
      ok: false,
      status: 422,
      code: "export_too_large",
      message: `This file would hold ${rowCount.toLocaleString("en-US")} full identification numbers; one export may hold at most ${maxRows.toLocaleString("en-US")}. Narrow it with the property filter or a search, or download it with masked numbers.`,
    };
  }
  return { ok: true };
}
