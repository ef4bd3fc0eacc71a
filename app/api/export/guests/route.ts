import { ACTION_ROLES } from "@/lib/core/access";
import { checkFullExport, identificationInExport } from "@/lib/features/export/access";
import { guestsCsvTable } from "@/lib/features/export/guests";
import { guestsExportQuery } from "@/lib/features/export/params";
import { ExportRefused, exportRoute, readExportForm, reportDayFile } from "@/lib/features/export/route";
import { DEFAULT_VISIBLE_COLUMNS } from "@/lib/features/guests/columns";
import { getGuestsReport, getGuestsReportWithFullIdentification } from "@/lib/features/reports/server";
import { getConfig } from "@/lib/server/config";
import { parseInput } from "@/lib/server/http/validation";

/**
 * A form post, not a GET: the guest search and the reason travel in the body, never in an address
 * (a server's or proxy's access log, the browser's history).
 */
export const POST = exportRoute("guests", ACTION_ROLES.exportCsv, async (request, viewer) => {
  const query = await parseInput(guestsExportQuery, await readExportForm(request));
  const columns = query.columns ?? DEFAULT_VISIBLE_COLUMNS;
  const identification = identificationInExport(
    viewer.role,
    query.identification === "full",
    columns.includes("identification"),
  );
  const full = identification !== "masked";
  const statedReason = full ? query.reason?.trim() || undefined : undefined;
  const facts = {
    day: query.day ?? null,
    stored: query.day !== undefined,
    propertyFilter: query.propertyName ?? null,
    fullIdentification: full,
    ...(statedReason !== undefined && { statedReason }),
    view: { searched: query.q.trim() !== "", sort: `${query.sort} ${query.direction}` },
  };
  if (identification === "refused")
    throw new ExportRefused(
      "Only an admin may export full identification numbers. Reveal a single number on the guests screen instead.",
      facts,
      403,
      "forbidden",
      { key: "fullIdAdminsOnly" },
    );
  const reasonGiven = full ? checkFullExport(statedReason, 0, Infinity) : { ok: true as const };
  if (!reasonGiven.ok)
    throw new ExportRefused(reasonGiven.message, facts, reasonGiven.status, reasonGiven.code, reasonGiven.refusal);

  const report = await (full ? getGuestsReportWithFullIdentification : getGuestsReport)(
    viewer,
    query.propertyName,
    query.day,
  );
  const copy = report.storedCopy;
  const table = guestsCsvTable(report.items, {
    search: query.q,
    sort: { key: query.sort, direction: query.direction },
    columns,
    identification: full ? "full" : "masked",
    liveAsOf: copy ? (copy.liveObservedAt ?? copy.pulledAt) : new Date().toISOString(),
    sharedNames: report.sharedNames,
  });
  if (full) {
    const capped = checkFullExport(statedReason, table.rows.length, getConfig().privacy.fullIdExportMaxRows);
    if (!capped.ok)
      throw new ExportRefused(
        capped.message,
        { ...facts, rowCount: table.rows.length },
        capped.status,
        capped.code,
        capped.refusal,
      );
  }
  return reportDayFile(table, {
    reportedDay: report.reportedDateLocal,
    storedDay: query.day,
    propertyFilter: query.propertyName,
    fullIdentification: full,
    statedReason,
    view: facts.view,
  });
});
