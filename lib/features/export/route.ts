import "server-only";

import type { NextRequest } from "next/server";

import type { Role, Viewer } from "@/lib/core/access";
import { AppError, type AppErrorStatus, type RefusalKey } from "@/lib/core/errors";
import { recordAudit } from "@/lib/server/audit/record";
import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { NO_STORE } from "@/lib/server/http/failure";
import { withViewer } from "@/lib/server/http/route";

import { requireOwnPages } from "./access";
import { exportAuditEntry, type ExportFacts, type ExportTableName } from "./audit";
import { toCsv, type CsvTable } from "./csv";

/** What a table's route builds: the table, the day for the file name, and the facts for the audit entry. */
export interface ExportFile {
  table: CsvTable;
  /** YYYY-MM-DD, for `daybook-<table>-<day>.csv`. */
  fileDay: string;
  facts: Omit<ExportFacts, "table" | "rowCount" | "columns">;
}

/**
 * The file of a report's table for one reported day: named for that day, and audited with it,
 * whether it was a stored copy, the property filter and the screen's view.
 */
export function reportDayFile(
  table: CsvTable,
  report: {
    reportedDay: string;
    storedDay: string | undefined;
    propertyFilter?: string;
    fullIdentification?: boolean;
    statedReason?: string;
    view: ExportFacts["view"];
  },
): ExportFile {
  return {
    table,
    fileDay: report.reportedDay,
    facts: {
      day: report.reportedDay,
      stored: report.storedDay !== undefined,
      propertyFilter: report.propertyFilter ?? null,
      fullIdentification: report.fullIdentification ?? false,
      ...(report.statedReason !== undefined && { statedReason: report.statedReason }),
      view: report.view,
    },
  };
}

/**
 * An export Daybook will not make (full numbers for a role that may not export them, without a
 * reason, or beyond the row cap): audited as a failure, in English (`message`); the person is
 * answered in their language (`refusal`, the same words in the catalogue).
 */
export class ExportRefused extends AppError {
  constructor(
    message: string,
    readonly facts: ExportFile["facts"] & { rowCount?: number },
    status: AppErrorStatus = 403,
    code = "forbidden",
    refusal?: { key: RefusalKey; values?: Record<string, string | number> },
  ) {
    super(status, code, message, refusal?.key, refusal?.values);
    this.name = "ExportRefused";
  }
}

/** A form of filters is a few hundred bytes; anything far larger is not one. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The fields of an export asked for with a form post (application/x-www-form-urlencoded), so that
 * what they hold (a guest search) never sits in an address, a server log or the browser's history.
 */
export async function readExportForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded"))
    throw new AppError(
      400,
      "invalid_request",
      "Send the export's choices as a form (application/x-www-form-urlencoded).",
      "exportForm",
    );
  const tooLarge = () => new AppError(400, "invalid_request", "The export's form is too large.", "exportFormTooLarge");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES) throw tooLarge();
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  // The first of a repeated field counts, as for the query of a GET export.
  for (const [key, value] of new URLSearchParams(text)) if (!(key in fields)) fields[key] = value;
  return fields;
}

export function csvResponse(table: ExportTableName, file: ExportFile): Response {
  return new Response(toCsv(file.table), {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="daybook-${table}-${file.fileDay}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A CSV route (GET with the choices in the query, or POST with them in a form: readExportForm):
 * the session and role checked first (withViewer), the table rebuilt on the server
 * from the data-access layer, one audit entry per file, then the file. Another table is a column
 * list in lib/features/export and a route of a few lines calling this.
 */
export function exportRoute(
  table: ExportTableName,
  roles: readonly Role[],
  build: (request: NextRequest, viewer: Viewer) => Promise<ExportFile>,
) {
  return withViewer(
    async (request, viewer) => {
      // A file of personal data starts from Daybook's own pages, never from a link or form on another site.
      requireOwnPages(request.headers);
      const actor = { id: viewer.id, email: viewer.email };
      const address = clientAddress(request.headers);
      let file: ExportFile;
      try {
        file = await build(request, viewer);
      } catch (error) {
        if (error instanceof ExportRefused) {
          const facts = { ...error.facts, table, rowCount: error.facts.rowCount ?? 0, columns: [] };
          await recordAudit(await getDb(), exportAuditEntry(actor, facts, address, "failure", error.message));
        }
        throw error;
      }
      const facts: ExportFacts = { ...file.facts, table, rowCount: file.table.rows.length, columns: file.table.groups };
      await recordAudit(await getDb(), exportAuditEntry(actor, facts, address));
      return csvResponse(table, file);
    },
    ...roles,
  );
}
