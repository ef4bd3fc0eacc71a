import { INVESTIGATION_ROLES } from "@/lib/core/access";
import { exportRoute } from "@/lib/features/export/route";
import { getStaffFlagsFile } from "@/lib/features/investigations/server";
import { parseStaffFlagPart, staffFlagsCsvTable } from "@/lib/features/investigations/staff-flags-csv";
import { investigationFile, parseInvestigationQuery } from "@/lib/features/investigations/view";

/**
 * One table of Staff flags (`?part=` properties or weekdays) for the screen's window and property,
 * every row of it, not only the page shown. Counts only: nothing in it names a guest.
 */
export const GET = exportRoute(
  "investigation-staff-flags",
  INVESTIGATION_ROLES["staff-flags"],
  async (request, viewer) => {
    const params = Object.fromEntries(request.nextUrl.searchParams);
    const query = parseInvestigationQuery(params);
    const part = parseStaffFlagPart(params.part);
    const view = await getStaffFlagsFile(viewer, { window: query.window, property: query.property });
    return investigationFile(staffFlagsCsvTable(view, part), view, { lead: { part } });
  },
);
