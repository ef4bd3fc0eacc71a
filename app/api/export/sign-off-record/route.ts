import { ACTION_ROLES } from "@/lib/core/access";
import { forbidden } from "@/lib/core/errors";
import { recordFileName } from "@/lib/features/sign-off-record/assemble";
import { renderRecordPdf } from "@/lib/features/sign-off-record/pdf";
import { getSignOffRecord, listOfQuery, recordQuery } from "@/lib/features/sign-off-record/server";
import { clientAddress } from "@/lib/server/audit/request";
import { NO_STORE } from "@/lib/server/http/failure";
import { parseQuery, withViewer } from "@/lib/server/http/route";

/** GET ?property=&day=[&zone=]: one list's sign-off record as a PDF, audited (record.pdf). */
export const GET = withViewer(
  async (request, viewer) => {
    // A file of personal data starts from Daybook's own pages, never from a link on another site.
    if (request.headers.get("sec-fetch-site") === "cross-site")
      throw forbidden("Sign-off records start from Daybook's own pages.");
    const list = listOfQuery(parseQuery(request, recordQuery));
    const view = await getSignOffRecord(viewer, list, "pdf", clientAddress(request.headers));
    const pdf = await renderRecordPdf(view);
    return new Response(new Uint8Array(pdf), {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${recordFileName(list)}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
  ...ACTION_ROLES.exportCsv,
);
