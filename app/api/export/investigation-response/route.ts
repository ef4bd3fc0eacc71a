import { ACTION_ROLES, INVESTIGATION_ROLES } from "@/lib/core/access";
import { exportRoute } from "@/lib/features/export/route";
import { responseCsvTable } from "@/lib/features/investigations/response-csv";
import { parseResponsePart, parseResponseQuery } from "@/lib/features/investigations/response-view";
import { getAlertResponseFile } from "@/lib/features/investigations/server";
import { investigationFile } from "@/lib/features/investigations/view";

/** A file is for the roles that export tables and see the screen; property managers see it only. */
const ROLES = INVESTIGATION_ROLES.response.filter((role) =>
  (ACTION_ROLES.exportCsv as readonly string[]).includes(role),
);

/**
 * One table of Alert response (`?part=` properties, hours, weekdays or unacknowledged) for the
 * screen's window and property, every row of it, not only the page shown. Nothing in it names a guest.
 */
export const GET = exportRoute("investigation-response", ROLES, async (request, viewer) => {
  const params = Object.fromEntries(request.nextUrl.searchParams);
  const query = parseResponseQuery(params);
  const part = parseResponsePart(params.part);
  const view = await getAlertResponseFile(viewer, { window: query.window, property: query.property });
  return investigationFile(responseCsvTable(view, part), view, { lead: { part } });
});
