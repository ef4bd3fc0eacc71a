import { ACTION_ROLES, INVESTIGATION_ROLES } from "@/lib/core/access";
import { exportRoute } from "@/lib/features/export/route";
import { outcomesCsvTable } from "@/lib/features/investigations/outcome-csv";
import { parseOutcomeQuery } from "@/lib/features/investigations/outcome-view";
import { getMatchOutcomesFile } from "@/lib/features/investigations/server";
import { investigationFile, parseInvestigationQuery } from "@/lib/features/investigations/view";

/** A file is for the roles that export tables and see the screen; property managers see it only. */
const ROLES = INVESTIGATION_ROLES.outcomes.filter((role) =>
  (ACTION_ROLES.exportCsv as readonly string[]).includes(role),
);

/**
 * Match outcomes for the screen's window and property: every table of the screen in one file, each
 * property's row, not only the page shown. Nothing in it names a guest.
 */
export const GET = exportRoute("investigation-outcomes", ROLES, async (request, viewer) => {
  const params = Object.fromEntries(request.nextUrl.searchParams);
  const query = parseOutcomeQuery(parseInvestigationQuery(params), params);
  const { tables, property } = await getMatchOutcomesFile(viewer, query);
  return investigationFile(outcomesCsvTable(tables, property), { ...tables, property });
});
