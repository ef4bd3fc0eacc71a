import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { dayQuerySchema } from "@/lib/core/days";
import { parseQuery, withViewer } from "@/lib/server/http/route";
import { getUsageReport } from "@/lib/features/reports/server";

export const GET = withViewer(async (request, viewer) => {
  const { day } = parseQuery(request, dayQuerySchema);
  return NextResponse.json(await getUsageReport(viewer, day), { headers: NO_STORE });
});
