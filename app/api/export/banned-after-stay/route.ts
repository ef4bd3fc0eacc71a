import { SCREEN_ROLES } from "@/lib/core/access";
import { utcDay } from "@/lib/core/days";
import { bannedAfterStayCsvTable } from "@/lib/features/export/banned-after-stay";
import { exportRoute, readExportForm } from "@/lib/features/export/route";
import { bannedSearchSchema } from "@/lib/features/insights/schemas";
import { getBannedAfterStayFile } from "@/lib/features/insights/server";
import { parseInput } from "@/lib/server/http/validation";

/**
 * A form post, not a GET: the name searched for travels in the body, never in an address. The file
 * holds every stay the screen's filters and search allow, not only the page shown.
 */
export const POST = exportRoute("banned-after-stay", SCREEN_ROLES.insights, async (request, viewer) => {
  const query = await parseInput(bannedSearchSchema, await readExportForm(request));
  const file = await getBannedAfterStayFile(viewer, query);
  return {
    table: bannedAfterStayCsvTable(file.rows),
    fileDay: file.range.to ?? utcDay(new Date()),
    facts: {
      day: null,
      stored: true,
      propertyFilter: file.property,
      fullIdentification: false,
      // The search's text is a name: the audit entry says only that there was one.
      view: {
        ...(file.range.from !== null && { from: file.range.from }),
        ...(file.range.to !== null && { to: file.range.to }),
        searched: query.q.trim() !== "",
      },
    },
  };
});
