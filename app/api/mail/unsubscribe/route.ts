import { NextResponse, type NextRequest } from "next/server";

import { AppError } from "@/lib/core/errors";
import { unsubscribeByLink } from "@/lib/features/mail/server";
import { clientAddress } from "@/lib/server/audit/request";
import { handleApiError, NO_STORE } from "@/lib/server/http/failure";

/**
 * One-click unsubscribe (RFC 8058): a mail client's own "Unsubscribe" button posts
 * `List-Unsubscribe=One-Click` to the address in the message's List-Unsubscribe header, the signed
 * token in its query. No session and no Origin to check: the token is the proof, and it stops
 * exactly one kind of mail for one person. A GET does nothing here (link scanners fetch every URL).
 */
export async function POST(request: NextRequest): Promise<Response> {
  try {
    const token = request.nextUrl.searchParams.get("token");
    if (!token) throw new AppError(400, "invalid_link", "This unsubscribe link is not valid: it has no token.");
    const { kind, words } = await unsubscribeByLink(token, clientAddress(request.headers));
    return NextResponse.json({ ok: true, kind, message: `Stopped ${words}.` }, { headers: NO_STORE });
  } catch (error) {
    return handleApiError(error);
  }
}
