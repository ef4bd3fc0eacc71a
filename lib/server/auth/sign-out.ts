import "server-only";

import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

import { endSession, resolveSession } from "./sessions";

/**
 * Ends the session a signed-out cookie named, and audits it, if it still stood: signing out from
 * Daybook's own button ends it first, and then this finds nothing left to do.
 */
export async function endSignedOutSession(sessionId: string): Promise<void> {
  const db = await getDb();
  const resolved = await resolveSession(db, sessionId, getConfig().session);
  if (!resolved.ok) return;
  await endSession(db, sessionId, "sign_out");
  await recordAudit(db, {
    ...(await auditContext(resolved.user)),
    action: "sign_out",
    target: resolved.user.email,
  });
}
