import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/api/handle-error";
import { parseQuery } from "@/lib/api/query";
import { withViewer } from "@/lib/api/with-viewer";
import { reviewsOfDay } from "@/lib/dal/review";
import { getDb } from "@/lib/db";
import { dayQuery } from "@/lib/review/schemas";

/** The reviews and sign-offs of one local day's criminal-arrival lists, of the properties the person may see. */
export const GET = withViewer(async (request, viewer) => {
  const { day } = parseQuery(request, dayQuery);
  return NextResponse.json(await reviewsOfDay(await getDb(), viewer, day), { headers: NO_STORE });
});
