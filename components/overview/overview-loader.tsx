import { connection } from "next/server";

import type { Viewer } from "@/lib/core/access";
import { exportAccessOf } from "@/lib/features/export/access";
import { getUsageReport } from "@/lib/features/reports/server";
import { loadForPage } from "@/lib/server/http/failure";

import { OverviewReport } from "./overview-report";

/** Loads the usage summary on the server for the first paint; the browser takes over from there. */
export async function OverviewLoader({ viewer, day }: { viewer: Viewer; day?: string }) {
  await connection();
  const initial = await loadForPage(() =>
    getUsageReport({ allProperties: viewer.allProperties, properties: viewer.properties }, day),
  );
  return (
    <OverviewReport
      initial={initial}
      day={day}
      isAdmin={viewer.role === "admin"}
      canExport={exportAccessOf(viewer.role).csv}
    />
  );
}
