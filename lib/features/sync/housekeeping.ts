/**
 * Daily housekeeping, on a timer of its own: the retention purge of guest data, each property under
 * its own privacy policy and in its own zone (and what in reviews and audit entries leads back to a
 * guest), sessions over for a day, sign-in throttle rows that count nothing any more, and audit
 * entries past their own retention; then the space all that freed is made reusable. The daily pull purges too, but a Daybook whose pulls are off
 * (DAYBOOK_SYNC=off and no cron) must still forget on time. Once a day across every instance on one
 * database: under an advisory lock, the latest run says whether today's is done.
 */

import "server-only";

import { reclaimHistorySpace } from "@/lib/features/history/space";
import { applyStoredPolicies, readPolicies } from "@/lib/features/privacy/server";
import { purgeAuditLog } from "@/lib/server/audit/retention";
import { deleteOverSessions, deleteStaleThrottleRows } from "@/lib/server/auth/housekeeping";
import type { SessionPolicy } from "@/lib/server/auth/sessions";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { withAdvisoryLock } from "@/lib/server/db/advisory-lock";
import type { HousekeepingRun } from "@/lib/server/db/schema";
import { refreshStatistics } from "@/lib/server/db/statistics";
import type { Database } from "@/lib/server/db/types";
import { log, logFailure } from "@/lib/server/log";
import { processWide, repeatInProcess } from "@/lib/server/process-state";

import { describeRetention } from "./messages";
import { housekeepingDoneSince, recordHousekeeping } from "./repository";
import { purgeExpiredGuestData, type RetentionPurge } from "./retention";

const DAY_MS = 24 * 3_600_000;
/** How often a process asks whether today's housekeeping is due; the work itself runs once a day. */
export const HOUSEKEEPING_TICK_MS = 60 * 60_000;
const LOCK = "daybook housekeeping";

export interface HousekeepingPolicy {
  now: Date;
  /**
   * The default policy's retention (DAYBOOK_RETENTION_DAYS unless an admin set one); each property
   * follows its own policy (Admin → Privacy).
   */
  retentionDays: number;
  /** Days an audit entry is kept (DAYBOOK_AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  session: SessionPolicy;
}

export type HousekeepingResult =
  | { status: "done"; run: HousekeepingRun }
  /** Another instance is at it, or a run finished within the last day: nothing was done. */
  | { status: "skipped"; reason: "busy" | "done today"; lastRanAt?: Date };

/** What each step removed, by name: counts only. */
const STEPS = ["guestDays", "policyDays", "sessions", "throttleRows", "auditEntries"] as const;
type Step = (typeof STEPS)[number];

// PGlite's advisory locks are re-entrant within its one connection: this process keeps one run at a time itself.
const running = processWide("sync.housekeeping", () => new WeakSet<object>());

/** Runs today's housekeeping unless it ran within the last day or runs elsewhere now. */
export async function runHousekeeping(db: Database, policy: HousekeepingPolicy): Promise<HousekeepingResult> {
  if (running.has(db)) return { status: "skipped", reason: "busy" };
  running.add(db);
  try {
    const locked = await withAdvisoryLock(db, LOCK, () => dueAndRun(db, policy), { wait: false });
    return locked.acquired ? locked.value : { status: "skipped", reason: "busy" };
  } finally {
    running.delete(db);
  }
}

async function dueAndRun(db: Database, policy: HousekeepingPolicy): Promise<HousekeepingResult> {
  const { now } = policy;
  const last = await housekeepingDoneSince(db, new Date(now.getTime() - DAY_MS));
  if (last) return { status: "skipped", reason: "done today", lastRanAt: last.ranAt };

  const auditCut = new Date(now.getTime() - policy.auditRetentionDays * DAY_MS);
  let retention: RetentionPurge | null = null;
  const work: Record<Step, () => Promise<number>> = {
    guestDays: async () => {
      retention = await purgeExpiredGuestData(db, { policies: await readPolicies(db, policy.retentionDays), now });
      return retention.days;
    },
    policyDays: async () => (await applyStoredPolicies(db, now)).days,
    sessions: () => deleteOverSessions(db, policy.session, now),
    throttleRows: () => deleteStaleThrottleRows(db, now),
    auditEntries: () => purgeAuditLog(db, auditCut),
  };
  // Each step on its own: one failing never keeps the others from forgetting on time.
  const removed: Partial<Record<Step, number>> = {};
  const failed: Step[] = [];
  for (const step of STEPS) {
    try {
      removed[step] = await work[step]();
    } catch (error) {
      logFailure(`housekeeping: ${STEP_WORDS[step]}`, error);
      failed.push(step);
    }
  }
  // Once a day, whatever the steps removed (the pulls purge too): their space goes to the days stored next.
  try {
    await reclaimHistorySpace(db);
  } catch (error) {
    logFailure("housekeeping: making removed guest data's space reusable", error);
  }
  try {
    await refreshStatistics(db);
  } catch (error) {
    logFailure("housekeeping: refreshing the planner's statistics", error);
  }
  const run = await recordHousekeeping(db, {
    ranAt: now,
    outcome: failed.length > 0 ? "failed" : "done",
    removed,
    message: describeHousekeeping(removed, failed, { retention, auditCut, policy }),
  });
  return { status: "done", run };
}

const STEP_WORDS: Record<Step, string> = {
  guestDays: "removing old guest data",
  policyDays: "applying the privacy policies to stored days",
  sessions: "removing ended sessions",
  throttleRows: "removing old sign-in throttle rows",
  auditEntries: "removing old audit entries",
};

/** One sentence per step: counts and cut-offs, per policy for guest data, never what was removed. */
export function describeHousekeeping(
  removed: Partial<Record<Step, number>>,
  failed: readonly Step[],
  { retention, auditCut, policy }: { retention: RetentionPurge | null; auditCut: Date; policy: HousekeepingPolicy },
): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts: string[] = [];
  if (retention) parts.push(describeRetention(retention));
  if (removed.policyDays)
    parts.push(
      `Applied the privacy policies to ${plural(removed.policyDays, "stored property day", "stored property days")}.`,
    );
  if (removed.sessions !== undefined)
    parts.push(`Removed ${plural(removed.sessions, "ended session", "ended sessions")}.`);
  if (removed.throttleRows !== undefined)
    parts.push(`Removed ${plural(removed.throttleRows, "sign-in throttle row", "sign-in throttle rows")}.`);
  if (removed.auditEntries !== undefined)
    parts.push(
      `Removed ${plural(removed.auditEntries, "audit entry", "audit entries")} before ${auditCut.toISOString().slice(0, 10)} (kept ${policy.auditRetentionDays} days).`,
    );
  if (failed.length > 0)
    parts.push(`Failed: ${failed.map((step) => STEP_WORDS[step]).join(", ")}; tried again within the hour.`);
  return parts.join(" ");
}

/** The configured policy as of `now`. */
export function housekeepingPolicy(now: Date): HousekeepingPolicy {
  const config = getConfig();
  return {
    now,
    retentionDays: config.history.retentionDays,
    auditRetentionDays: config.privacy.auditRetentionDays,
    session: { idleMs: config.session.idleMs, absoluteMs: config.session.absoluteMs },
  };
}

/** One tick: housekeeping when due. Never throws; says in the log what it removed. */
export async function housekeepingTick(now = new Date()): Promise<void> {
  try {
    const result = await runHousekeeping(await getDb(), housekeepingPolicy(now));
    if (result.status === "done") log.info(`housekeeping: ${result.run.message}`);
  } catch (error) {
    logFailure("housekeeping", error);
  }
}

/**
 * Starts the housekeeping timer: a check now, then every hour; the work runs when a day has passed
 * since the last run on any instance. Independent of the daily pull's scheduler.
 */
export function startHousekeeping(): void {
  repeatInProcess("sync.housekeeping", HOUSEKEEPING_TICK_MS, () => housekeepingTick());
}
