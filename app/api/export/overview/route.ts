import { ACTION_ROLES } from "@/lib/core/access";
import { overviewCsvTable } from "@/lib/features/export/overview";
import { overviewExportQuery } from "@/lib/features/export/params";
import { exportRoute, reportDayFile } from "@/lib/features/export/route";
import { getUsageReport } from "@/lib/features/reports/server";
import { parseQuery } from "@/lib/server/http/route";

export const GET = exportRoute("overview", ACTION_ROLES.exportCsv, async (request, viewer) => {
  const query = await parseQuery(request, overviewExportQuery);
  const report = await getUsageReport(viewer, query.day);
  const sort = query.sort ? { column: query.sort, direction: query.direction } : null;
  const table = overviewCsvTable(report, { sort, columns: query.columns });
  return reportDayFile(table, {
    reportedDay: report.reportedDateLocal,
    storedDay: query.day,
    view: { sort: sort ? `${sort.column} ${sort.direction}` : "report order" },
  });
});
