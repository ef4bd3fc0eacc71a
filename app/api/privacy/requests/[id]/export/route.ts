import { z } from "zod";

import { requireOwnPages } from "@/lib/features/export/access";
import { exportRequest } from "@/lib/features/privacy-requests/server";
import { clientAddress } from "@/lib/server/audit/request";
import { NO_STORE } from "@/lib/server/http/failure";
import { withViewer } from "@/lib/server/http/route";
import { parseInput } from "@/lib/server/http/validation";

const requestId = z.coerce.number().int().positive();

/**
 * A request's archive (person.json, arrivals.csv, places.csv). A POST from Daybook's own page, not a
 * link: the export is audited, and a link on another site must not start one. The permission is
 * checked by exportRequest itself.
 */
export const POST = withViewer(async (request, viewer) => {
  requireOwnPages(request.headers);
  // /api/privacy/requests/<id>/export
  const id = await parseInput(requestId, new URL(request.url).pathname.split("/").at(-2));
  const { filename, archive } = await exportRequest(viewer, id, { clientAddress: clientAddress(request.headers) });
  return new Response(Buffer.from(archive), {
    headers: {
      ...NO_STORE,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
