import { ACTION_ROLES, roleAllows, type Role } from "@/lib/core/access";

/** What the export controls offer a person; worked out on the server and handed to the screen. */
export interface ExportAccess {
  csv: boolean;
  /** The "with full identification numbers" choice: only for those who may reveal numbers. */
  fullIdentification: boolean;
}

export function exportAccessOf(role: Role): ExportAccess {
  const csv = roleAllows(role, ACTION_ROLES.exportCsv);
  return { csv, fullIdentification: csv && roleAllows(role, ACTION_ROLES.revealIdentification) };
}

/**
 * Which numbers a guests file carries: full ones only when asked for and in a column the file has;
 * asked for by someone whose role may not reveal numbers, the export is refused (and audited).
 */
export function identificationInExport(
  role: Role,
  asked: boolean,
  columnIncluded: boolean,
): "masked" | "full" | "refused" {
  if (!asked || !columnIncluded) return "masked";
  return roleAllows(role, ACTION_ROLES.revealIdentification) ? "full" : "refused";
}
