import { NextResponse } from "next/server";

import { propertyQuerySchema } from "@/lib/core/days";
import { getReviewableCriminalArrivals } from "@/lib/features/review/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { parseQuery, withViewer } from "@/lib/server/http/route";

export const GET = withViewer(async (request, viewer) => {
  const { propertyName, day } = parseQuery(request, propertyQuerySchema);
  return NextResponse.json(await getReviewableCriminalArrivals(viewer, propertyName, day), { headers: NO_STORE });
});
