import { INVESTIGATION_ROLES } from "@/lib/core/access";
import { exportRoute } from "@/lib/features/export/route";
import { repeatVisitorsCsvTable } from "@/lib/features/investigations/repeat-visitors-csv";
import { parseRepeatQuery } from "@/lib/features/investigations/repeat-visitors-view";
import { getRepeatVisitorsFile } from "@/lib/features/investigations/server";
import { investigationFile, parseInvestigationQuery } from "@/lib/features/investigations/view";

/**
 * Every repeat visit of the screen's window, property and rule, in its order, not only the page
 * shown. A GET: the choices hold no name. Only the entries whose every property the person sees are
 * in it, as on screen.
 */
export const GET = exportRoute(
  "investigation-repeat-visitors",
  INVESTIGATION_ROLES["repeat-visitors"],
  async (request, viewer) => {
    const params = Object.fromEntries(request.nextUrl.searchParams);
    const query = parseRepeatQuery(parseInvestigationQuery(params), params);
    const file = await getRepeatVisitorsFile(viewer, {
      window: query.window,
      property: query.property,
      sort: query.sort,
      ...(query.kind && { kind: query.kind }),
    });
    return investigationFile(
      repeatVisitorsCsvTable(file.rows),
      { ...file, window: query.window },
      { rest: { sort: query.sort, rule: query.kind ?? "both", notListed: String(file.hidden) } },
    );
  },
);
