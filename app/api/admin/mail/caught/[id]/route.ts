import { getTranslations } from "next-intl/server";
import type { NextRequest } from "next/server";

import { AppError } from "@/lib/core/errors";
import { getCaughtMail } from "@/lib/features/mail/server";
import { NO_STORE } from "@/lib/server/http/failure";
import { withViewer } from "@/lib/server/http/route";
import { CAUGHT_MAIL_POLICY } from "@/lib/server/mail/caught-policy";

/**
 * A caught message's HTML part (demo), as the recipient's mail client would show it, under a policy
 * of its own that lets nothing in it run or load: the HTML is Daybook's own, but it is a message.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withViewer(async () => {
    const message = await getCaughtMail(id);
    if (!message?.html) throw new AppError(404, "not_found", (await getTranslations("admin.mail"))("noCaughtMessage"));
    return new Response(message.html, {
      headers: {
        ...NO_STORE,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": CAUGHT_MAIL_POLICY,
      },
    });
  }, "admin")(request);
}
