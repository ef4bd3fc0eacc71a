import { NextResponse } from "next/server";

import { AppError } from "@/lib/core/errors";
import { guestRowsRequestSchema } from "@/lib/features/guests/schemas";
import { readGuestRows } from "@/lib/features/guests/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { withViewer } from "@/lib/server/http/route";
import { parseInput } from "@/lib/server/http/validation";

/**
 * A page of the guests screen's rows. POST, so that the search text (guest names) travels in the
 * body: never in an address, a browser's history or an access log. It changes nothing.
 */
export const POST = withViewer(async (request, viewer) => {
  // Only the screen's own JSON: a form or text/plain body (which another site's page may post
  // without asking) is not read at all.
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new AppError(415, "unsupported_media_type", "Send the request as JSON (application/json).", "jsonOnly");
  }
  const body: unknown = await request.json().catch(() => {
    throw new AppError(400, "invalid_request", "The request body is not JSON", "notJson");
  });
  const rowsRequest = await parseInput(guestRowsRequestSchema, body);
  return NextResponse.json(await readGuestRows(viewer, rowsRequest, request.signal), { headers: NO_STORE });
});
