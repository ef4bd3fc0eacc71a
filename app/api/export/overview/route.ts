import { parseQuery } from "@/lib/api/query";
import { ACTION_ROLES } from "@/lib/dal/roles";
import { getUsageReport } from "@/lib/dal/reports";
import { overviewCsvTable } from "@/lib/export/overview";
import { overviewExportQuery } from "@/lib/export/params";
import { exportRoute } from "@/lib/export/route";

export const GET = exportRoute("overview", ACTION_ROLES.exportCsv, async (request, viewer) => {
  const query = parseQuery(request, overviewExportQuery);
  const report = await getUsageReport(viewer, query.day);
  const sort = query.sort ? { column: query.sort, direction: query.direction } : null;
  const table = overviewCsvTable(report.byProperty, { sort, columns: query.columns });
  return {
    table,
    fileDay: report.reportedDateLocal,
    facts: {
      day: report.reportedDateLocal,
      stored: query.day !== undefined,
      propertyFilter: null,
      fullIdentification: false,
      view: { sort: sort ? `${sort.column} ${sort.direction}` : "report order" },
    },
  };
});
