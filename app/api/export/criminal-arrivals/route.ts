import { ACTION_ROLES } from "@/lib/core/access";
import { criminalArrivalsCsvTable } from "@/lib/features/export/criminal-arrivals";
import { criminalArrivalsExportQuery } from "@/lib/features/export/params";
import { exportRoute, reportDayFile } from "@/lib/features/export/route";
import { getCriminalArrivalsReport } from "@/lib/features/reports/server";
import { parseQuery } from "@/lib/server/http/route";

export const GET = exportRoute("criminal-arrivals", ACTION_ROLES.exportCsv, async (request, viewer) => {
  const query = await parseQuery(request, criminalArrivalsExportQuery);
  const report = await getCriminalArrivalsReport(viewer, query.propertyName, query.day);
  const onlyNotAcknowledged = query.only === "not-acknowledged";
  const table = criminalArrivalsCsvTable(report.items, {
    onlyNotAcknowledged,
    order: query.order,
    columns: query.columns,
    sharedNames: report.sharedNames,
  });
  return reportDayFile(table, {
    reportedDay: report.reportedDateLocal,
    storedDay: query.day,
    propertyFilter: query.propertyName,
    view: { onlyNotAcknowledged, order: query.order },
  });
});
