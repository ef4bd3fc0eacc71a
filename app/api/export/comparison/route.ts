import { SCREEN_ROLES } from "@/lib/core/access";
import { getSideBySide } from "@/lib/features/comparison/server";
import { comparisonCsvTable } from "@/lib/features/export/comparison";
import { comparisonExportQuery } from "@/lib/features/export/params";
import { exportRoute, reportDayFile } from "@/lib/features/export/route";
import { parseQuery } from "@/lib/server/http/route";

export const GET = exportRoute("comparison", SCREEN_ROLES.properties, async (request, viewer) => {
  const query = await parseQuery(request, comparisonExportQuery);
  const data = await getSideBySide(viewer, query.day ? { kind: "day", day: query.day } : { kind: "live" });
  const sort = query.sort ? { column: query.sort, direction: query.direction } : null;
  return reportDayFile(comparisonCsvTable(data, { sort }), {
    reportedDay: data.reportedDate,
    storedDay: query.day,
    view: { sort: sort ? `${sort.column} ${sort.direction}` : "report order" },
  });
});
