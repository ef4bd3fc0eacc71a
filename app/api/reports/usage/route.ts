import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/api/handle-error";
import { dayQuerySchema, parseQuery } from "@/lib/api/query";
import { withViewer } from "@/lib/api/with-viewer";
import { getUsageReport } from "@/lib/dal/reports";

export const GET = withViewer(async (request, viewer) => {
  const { day } = parseQuery(request, dayQuerySchema);
  return NextResponse.json(await getUsageReport(viewer, day), { headers: NO_STORE });
});
