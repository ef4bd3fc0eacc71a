import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { propertyQuerySchema } from "@/lib/core/days";
import { parseQuery, withViewer } from "@/lib/server/http/route";
import { getReviewableCriminalArrivals } from "@/lib/features/review/server";

export const GET = withViewer(async (request, viewer) => {
  const { propertyName, day } = parseQuery(request, propertyQuerySchema);
  return NextResponse.json(await getReviewableCriminalArrivals(viewer, propertyName, day), { headers: NO_STORE });
});
