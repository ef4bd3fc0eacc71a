import type { NextRequest } from "next/server";

import { ACTION_ROLES, type Viewer } from "@/lib/core/access";
import { requireOwnPages } from "@/lib/features/export/access";
import { recordFileName } from "@/lib/features/sign-off-record/assemble";
import {
  auditRefusals,
  busyText,
  enterRecordRequest,
  getRecordFile,
  noteRefusal,
} from "@/lib/features/sign-off-record/file";
import { listOfQuery, parseRecordQuery, recordQuery } from "@/lib/features/sign-off-record/server";
import { clientAddress } from "@/lib/server/audit/request";
import { auth } from "@/lib/server/auth";
import { NO_STORE } from "@/lib/server/http/failure";
import { withViewer } from "@/lib/server/http/route";

const busy = (retryAfterSeconds: number) =>
  Response.json(
    { error: { code: "busy", message: busyText(retryAfterSeconds) } },
    { status: 429, headers: { ...NO_STORE, "Retry-After": String(retryAfterSeconds) } },
  );

/** The file, for a checked person; `checked` is told who they are, for the audit of refusals. */
const drawn = (checked: (viewer: Viewer) => void) =>
  withViewer(
    async (request, viewer) => {
      checked(viewer);
      // A file of personal data starts from Daybook's own pages, never from a link on another site.
      requireOwnPages(request.headers, "records");
      const address = clientAddress(request.headers);
      const query = Object.fromEntries(request.nextUrl.searchParams);
      // Refused 400; text with control characters is audited as well (a probe of other properties).
      const parsed = await parseRecordQuery(viewer, query, "pdf", address);
      if (!parsed.success) throw parsed.error;
      const list = listOfQuery(parsed.data);
      const file = await getRecordFile(viewer, list, address);
      if (!file.ok) return busy(file.retryAfterSeconds);
      return new Response(new Uint8Array(file.pdf), {
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

/**
 * GET ?property=&day=[&zone=]: one list's sign-off record as a PDF, audited (record.pdf). Beyond the
 * bounds on files drawn at once (per sign-in, per person, per process), 429 with Retry-After, audited too.
 *
 * A sign-in's requests are counted from its signed cookie, before the session is looked up: each
 * request of a burst is counted the moment it arrives, and those beyond the bound are answered at
 * once, with no database work (their audit entry is written when the sign-in's admitted requests
 * end), rather than each waiting its turn at the database only to be let in as the one before ends.
 */
export async function GET(request: NextRequest): Promise<Response> {
  const signIn = (await auth())?.sid;
  let viewer: Viewer | null = null;
  const answer = drawn((checked) => (viewer = checked));
  // No session: the wrapped handler answers 401, as for any route.
  if (!signIn) return answer(request);
  const entered = await enterRecordRequest(signIn, () => answer(request));
  if (!entered.ok) {
    const query = recordQuery.safeParse(Object.fromEntries(request.nextUrl.searchParams));
    // Nonsense asked for too often is refused all the same, and not audited as a list.
    if (query.success)
      noteRefusal(signIn, listOfQuery(query.data), clientAddress(request.headers), entered.retryAfterSeconds);
    return busy(entered.retryAfterSeconds);
  }
  await auditRefusals(signIn, viewer);
  return entered.value;
}
