import { NextResponse } from "next/server";

import { propertyReportQuerySchema } from "@/lib/core/day-queries";
import { getReviewableCriminalArrivals } from "@/lib/features/review/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { parseQuery, withViewer } from "@/lib/server/http/route";

export const GET = withViewer(async (request, viewer) => {
  const { propertyName, day, refresh } = await parseQuery(request, propertyReportQuerySchema);
  const options = { signal: request.signal, refresh, viewerId: viewer.id };
  return NextResponse.json(await getReviewableCriminalArrivals(viewer, propertyName, day, options), {
    headers: NO_STORE,
  });
});
