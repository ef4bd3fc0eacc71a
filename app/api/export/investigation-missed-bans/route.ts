import { INVESTIGATION_ROLES } from "@/lib/core/access";
import { exportRoute } from "@/lib/features/export/route";
import { missedBansCsvTable } from "@/lib/features/investigations/missed-bans-csv";
import { parseMissedBanQuery } from "@/lib/features/investigations/missed-bans-view";
import { getMissedBansFile } from "@/lib/features/investigations/server";
import { investigationFile, parseInvestigationQuery } from "@/lib/features/investigations/view";

/**
 * Every missed ban of the screen's window and property, in its order, not only the page shown. A
 * GET: the screen's choices are a window, a property and an order, never a name. Names are in the
 * file only where the person sees every property an entry involves, as on screen.
 */
export const GET = exportRoute(
  "investigation-missed-bans",
  INVESTIGATION_ROLES["missed-bans"],
  async (request, viewer) => {
    const params = Object.fromEntries(request.nextUrl.searchParams);
    const query = parseMissedBanQuery(parseInvestigationQuery(params), params);
    const file = await getMissedBansFile(viewer, { window: query.window, property: query.property, sort: query.sort });
    return investigationFile(
      missedBansCsvTable(file.rows),
      { ...file, window: query.window },
      { rest: { sort: query.sort, withheld: String(file.rows.filter((row) => row.name === null).length) } },
    );
  },
);
