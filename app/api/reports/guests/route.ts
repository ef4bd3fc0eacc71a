import { NextResponse } from "next/server";
import { NO_STORE } from "@/lib/api/handle-error";
import { parseQuery, propertyQuerySchema } from "@/lib/api/query";
import { withViewer } from "@/lib/api/with-viewer";
import { getGuestsReport } from "@/lib/dal/reports";

export const GET = withViewer(async (request, viewer) => {
  const { propertyName, day } = parseQuery(request, propertyQuerySchema);
  return NextResponse.json(await getGuestsReport(viewer, propertyName, day), { headers: NO_STORE });
});
