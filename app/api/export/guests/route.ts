import { ACTION_ROLES } from "@/lib/core/access";
import { identificationInExport } from "@/lib/features/export/access";
import { guestsCsvTable } from "@/lib/features/export/guests";
import { guestsExportQuery } from "@/lib/features/export/params";
import { ExportRefused, exportRoute, reportDayFile } from "@/lib/features/export/route";
import { DEFAULT_VISIBLE_COLUMNS } from "@/lib/features/guests/columns";
import { getGuestsReport, getGuestsReportWithFullIdentification } from "@/lib/features/reports/server";
import { parseQuery } from "@/lib/server/http/route";

export const GET = exportRoute("guests", ACTION_ROLES.exportCsv, async (request, viewer) => {
  const query = parseQuery(request, guestsExportQuery);
  const columns = query.columns ?? DEFAULT_VISIBLE_COLUMNS;
  const identification = identificationInExport(
    viewer.role,
    query.identification === "full",
    columns.includes("identification"),
  );
  const full = identification === "full";
  const facts = {
    day: query.day ?? null,
    stored: query.day !== undefined,
    propertyFilter: query.propertyName ?? null,
    fullIdentification: full,
    view: { searched: query.q.trim() !== "", sort: `${query.sort} ${query.direction}` },
  };
  if (identification === "refused")
    throw new ExportRefused("Your role may not see full identification numbers.", facts);

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
    identification,
    liveAsOf: copy ? (copy.liveObservedAt ?? copy.pulledAt) : new Date().toISOString(),
    sharedNames: report.sharedNames,
  });
  return reportDayFile(table, {
    reportedDay: report.reportedDateLocal,
    storedDay: query.day,
    propertyFilter: query.propertyName,
    fullIdentification: full,
    view: facts.view,
  });
});
