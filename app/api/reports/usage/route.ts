import { NextResponse } from "next/server";

import { dayQuerySchema } from "@/lib/core/days";
import { getUsageReport } from "@/lib/features/reports/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { parseQuery, withViewer } from "@/lib/server/http/route";

export const GET = withViewer(async (request, viewer) => {
  const { day } = parseQuery(request, dayQuerySchema);
  return NextResponse.json(await getUsageReport(viewer, day), { headers: NO_STORE });
});
