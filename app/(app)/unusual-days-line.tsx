import { connection } from "next/server";

import { UnusualDaysLineView } from "@/components/insights/unusual-days-line";
import { roleAllows, SCREEN_ROLES, type Viewer } from "@/lib/core/access";
import { getUnusualDays } from "@/lib/features/insights/server";
import { loadForPage } from "@/lib/server/http/failure";

/** How many stored days the Overview's line looks back over. */
const LINE_DAYS = 7;

/**
 * The Overview's line on the person's unusual days of the last seven stored days. It loads on its
 * own, so a failure here costs only the line, never the Overview's figures.
 */
export async function UnusualDaysLine({ viewer }: { viewer: Viewer }) {
  await connection();
  const loaded = await loadForPage(() => getUnusualDays(viewer, LINE_DAYS, { screen: "overview" }));
  if (!loaded.ok) return null;
  return (
    <UnusualDaysLineView list={loaded.data} canOpenProperties={roleAllows(viewer.role, SCREEN_ROLES.properties)} />
  );
}
