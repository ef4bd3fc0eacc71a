/**
 * Rows of sign-in that no longer count for anything, removed by the daily housekeeping
 * (lib/features/sync/housekeeping.ts) so the tables do not grow with every attempt and visit.
 */
import { and, isNull, lt, or } from "drizzle-orm";

import { signInThrottle, userSessions } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import type { SessionPolicy } from "./sessions";
import { THROTTLE_POLICY } from "./throttle";

/** An ended session is kept a day, so a person coming back is still told why it ended. */
const ENDED_SESSION_KEPT_MS = 24 * 3_600_000;

/**
 * Removes sessions that ended, or could no longer stand (idle or older than the absolute limit),
 * more than a day before `now`. Returns how many.
 */
export async function deleteOverSessions(db: Executor, policy: SessionPolicy, now: Date): Promise<number> {
  const cut = now.getTime() - ENDED_SESSION_KEPT_MS;
  const removed = await db
    .delete(userSessions)
    .where(
      or(
        lt(userSessions.endedAt, new Date(cut)),
        lt(userSessions.createdAt, new Date(cut - policy.absoluteMs)),
        lt(userSessions.lastSeenAt, new Date(cut - policy.idleMs)),
      ),
    )
    .returning({ id: userSessions.id });
  return removed.length;
}

/**
 * Removes throttle rows that count nothing any more: their window is over and no lock stands. The
 * next attempt on such a key starts a new window, exactly as it would on the old row.
 */
export async function deleteStaleThrottleRows(db: Executor, now: Date): Promise<number> {
  const removed = await db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.windowStartedAt, new Date(now.getTime() - THROTTLE_POLICY.windowMs)),
        or(isNull(signInThrottle.lockedUntil), lt(signInThrottle.lockedUntil, now)),
      ),
    )
    .returning({ key: signInThrottle.key });
  return removed.length;
}
