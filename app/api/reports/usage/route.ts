import { NextResponse } from "next/server";

import { dayReportQuerySchema } from "@/lib/core/day-queries";
import { getUsageReport } from "@/lib/features/reports/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { parseQuery, withViewer } from "@/lib/server/http/route";

export const GET = withViewer(async (request, viewer) => {
  const { day, refresh } = await parseQuery(request, dayReportQuerySchema);
  const report = await getUsageReport(viewer, day, { signal: request.signal, refresh, viewerId: viewer.id });
  return NextResponse.json(report, { headers: NO_STORE });
});
