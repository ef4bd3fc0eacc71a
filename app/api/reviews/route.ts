import { NextResponse } from "next/server";

import { dayQuery } from "@/lib/features/review/schemas";
import { getReviewsOfDay } from "@/lib/features/review/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { parseQuery, withViewer } from "@/lib/server/http/route";

/** The reviews and sign-offs of one local day's criminal-arrival lists, of the properties the person may see. */
export const GET = withViewer(async (request, viewer) => {
  const { day } = await parseQuery(request, dayQuery);
  return NextResponse.json(await getReviewsOfDay(viewer, day), { headers: NO_STORE });
});
