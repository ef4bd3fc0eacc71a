import { and, eq, isNull, ne, sql } from "drizzle-orm";

import type { Database } from "@/lib/server/db/open";
import { users, userSessions, type User, type UserSession } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

export interface SessionPolicy {
  /** Signed out after this long without a request. */
  idleMs: number;
  /** Signed out this long after signing in, however active. */
  absoluteMs: number;
}

/** Writing last_seen_at on every request would be a write per page view; once a minute is plenty. */
const TOUCH_AFTER_MS = 60_000;

export type SessionEndReason =
  "sign_out" | "idle" | "expired" | "disabled" | "password_reset" | "password_change" | "role_change";

/** A session through the identity provider keeps its ID token, to end the provider's session at sign-out. */
export async function startSession(db: Database, userId: string, sso?: { idToken: string | null }): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({ userId, ...(sso && { method: "sso" as const, ssoIdToken: sso.idToken }) })
    .returning({ id: userSessions.id });
  return row!.id;
}

/** Ends the session; returns the ID token of a single sign-on's session that was still standing. */
export async function endSession(
  db: Database,
  sessionId: string,
  reason: SessionEndReason,
): Promise<{ ssoIdToken: string | null } | undefined> {
  const [previous] = await db
    .select({ ssoIdToken: userSessions.ssoIdToken })
    .from(userSessions)
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)));
  if (!previous) return undefined;
  await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endedReason: reason, ssoIdToken: null })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)));
  return previous;
}

export async function endUserSessions(db: Executor, userId: string, reason: SessionEndReason): Promise<void> {
  await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endedReason: reason, ssoIdToken: null })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)));
}

/** Every session of the account but the one given (the person's own, who just changed their password); returns how many ended. */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
  reason: SessionEndReason,
): Promise<number> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endedReason: reason, ssoIdToken: null })
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, keepSessionId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return ended.length;
}

export type ResolvedSession = { ok: true; user: User; session: UserSession } | { ok: false; reason: string };

/**
 * Whether a session id from a cookie still stands: not ended, not idle too long, not too old, and
 * its account enabled. The cookie alone proves none of that.
 */
export async function resolveSession(
  db: Database,
  sessionId: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<ResolvedSession> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId))
    return { ok: false, reason: "unknown" };
  const [row] = await db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.id, sessionId));
  if (!row) return { ok: false, reason: "unknown" };
  const { session, user } = row;
  if (session.endedAt) return { ok: false, reason: session.endedReason ?? "ended" };
  if (user.disabledAt) {
    await endSession(db, session.id, "disabled");
    return { ok: false, reason: "disabled" };
  }
  if (now.getTime() - session.createdAt.getTime() > policy.absoluteMs) {
    await endSession(db, session.id, "expired");
    return { ok: false, reason: "expired" };
  }
  if (now.getTime() - session.lastSeenAt.getTime() > policy.idleMs) {
    await endSession(db, session.id, "idle");
    return { ok: false, reason: "idle" };
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, session.id));
  }
  return { ok: true, user, session };
}
