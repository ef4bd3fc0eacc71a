import { ACTION_ROLES, roleAllows, type Role } from "@/lib/core/access";
import { AppError, type RefusalKey } from "@/lib/core/errors";

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
  | { ok: true }
  | {
      ok: false;
      status: 400 | 422;
      code: "reason_required" | "export_too_large";
      /** In English, as the audit log keeps it. */
      message: string;
      /** The same refusal in the catalogue (`errors.refusal`), for the person's language. */
      refusal: { key: RefusalKey; values: Record<string, number> };
    };

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
      refusal: { key: "fullIdReason", values: { min: MIN_REASON_LENGTH } },
    };
  }
  if (rowCount > maxRows) {
    return {
      ok: false,
      status: 422,
      code: "export_too_large",
      message: `This file would hold ${rowCount.toLocaleString("en-US")} full identification numbers; one export may hold at most ${maxRows.toLocaleString("en-US")}. Narrow it with the property filter or a search, or download it with masked numbers.`,
      refusal: { key: "fullIdTooMany", values: { rows: rowCount, max: maxRows } },
    };
  }
  return { ok: true };
}

/**
 * Whether an export was asked for by Daybook's own pages. A browser says where a request came from
 * in Sec-Fetch-Site (newer browsers) and Origin (every POST, and any request another site's script
 * makes); another site can set neither, nor the Host header it is compared with. Daybook's own
 * origin is the one the browser addressed: Host, which Daybook's reverse proxy passes on unchanged
 * (deploy/nginx), as Auth.js trusts it. Without an Origin (a link followed, a script with a
 * session cookie) only Sec-Fetch-Site decides.
 */
export function startsFromDaybook(headers: {
  secFetchSite: string | null;
  origin: string | null;
  host: string | null;
}): boolean {
  if (headers.secFetchSite === "cross-site") return false;
  if (headers.origin === null) return true;
  if (!headers.host) return false;
  try {
    const origin = new URL(headers.origin);
    const own = new URL(`${origin.protocol}//${headers.host}`);
    return (origin.protocol === "https:" || origin.protocol === "http:") && origin.origin === own.origin;
  } catch {
    // "null" (a sandboxed page, a redirect from elsewhere) or anything else that is no origin.
    return false;
  }
}

const NOT_FROM_DAYBOOK = {
  exports: { message: "Exports start from Daybook's own pages.", refusal: "exportsFromDaybook" },
  records: { message: "Sign-off records start from Daybook's own pages.", refusal: "recordsFromDaybook" },
} as const satisfies Record<string, { message: string; refusal: RefusalKey }>;

/**
 * Refuses (403) a request for a file of personal data (an export, a sign-off record, a guest's
 * archive) that did not start from Daybook's own pages, saying so in the person's language.
 */
export function requireOwnPages(headers: Headers, what: keyof typeof NOT_FROM_DAYBOOK = "exports"): void {
  const from = {
    secFetchSite: headers.get("sec-fetch-site"),
    origin: headers.get("origin"),
    host: headers.get("host"),
  };
  const { message, refusal } = NOT_FROM_DAYBOOK[what];
  if (!startsFromDaybook(from)) throw new AppError(403, "forbidden", message, refusal);
}
