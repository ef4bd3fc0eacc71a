import { connection } from "next/server";
import { getUsageReport } from "@/lib/dal/reports";
import type { Viewer } from "@/lib/dal/viewer";
import { exportAccessOf } from "@/lib/export/access";
import { loadForPage } from "@/lib/reports/load";
import { OverviewReport } from "./overview-report";

/** Loads the usage summary on the server for the first paint; the browser takes over from there. */
export async function OverviewLoader({ viewer, day }: { viewer: Viewer; day?: string }) {
  await connection();
  const initial = await loadForPage(() => getUsageReport({ allProperties: viewer.allProperties, properties: viewer.properties }, day));
  return <OverviewReport initial={initial} day={day} isAdmin={viewer.role === "admin"} canExport={exportAccessOf(viewer.role).csv} />;
}
