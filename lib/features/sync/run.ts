import { eq } from "drizzle-orm";

import {
  learnProperties,
  purgePersonalData,
  storeReport,
  type PurgedGuestData,
  type ReportOf,
} from "@/lib/features/history/store";
import { readPolicies, readStorePrivacy } from "@/lib/features/privacy/server";
import { forgetReviewedGuests } from "@/lib/features/review/server";
import { forgetCheckInInstants } from "@/lib/server/audit/retention";
import { getConfig } from "@/lib/server/config";
import {
  STORED_ENDPOINTS,
  syncRuns,
  type StoredEndpoint,
  type SYNC_TRIGGERS,
  type SyncEndpointOutcome,
  type SyncRun,
} from "@/lib/server/db/schema";
import type { Database, Executor } from "@/lib/server/db/types";
import { logFailure } from "@/lib/server/log";
import type { PartnerApiClient } from "@/lib/server/partner-api/client";
import { isPartnerApiError } from "@/lib/server/partner-api/errors";
import type { UsageReport } from "@/lib/server/partner-api/schemas";

import { withPullLock } from "./lock";
import { describeRun, type PurgeSummary } from "./messages";
import { countPullRun } from "./metrics";
import { purgeExpiredGuestData } from "./retention";

export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

export interface RunSyncOptions {
  /** The pull's time: pulledAt of what it stores, and the start of its run. */
  now: Date;
  trigger: SyncTrigger;
  /** The default policy's retention (days a property day's guest data is kept); the configuration's by default. */
  retentionDays?: number;
}

/**
 * A pull that finds another one under way leaves no run behind: it did nothing, and the other
 * run tells what happened.
 */
export type RunSyncResult = { status: "skipped"; message: string } | { status: "finished"; run: SyncRun };

export const SKIPPED_MESSAGE = "Skipped: another instance is pulling.";

/**
 * One pull of the three reports with the key's own scope, each kept as the API reported it. One
 * report failing never loses the others; the client has already applied the contract's retries.
 * Afterwards, guest personal data past each property's retention is removed.
 */
export async function runSync(db: Database, api: PartnerApiClient, options: RunSyncOptions): Promise<RunSyncResult> {
  let locked;
  try {
    locked = await withPullLock(db, () => pullAndStore(db, api, options));
  } catch (error) {
    countPullRun("error", options.trigger);
    throw error;
  }
  if (!locked.acquired) {
    countPullRun("skipped", options.trigger);
    return { status: "skipped", message: SKIPPED_MESSAGE };
  }
  // "running" is never left by a finished pull; it would mean the run's record was not updated.
  countPullRun(locked.value.outcome === "running" ? "error" : locked.value.outcome, options.trigger);
  return { status: "finished", run: locked.value };
}

async function pullAndStore(db: Database, api: PartnerApiClient, options: RunSyncOptions): Promise<SyncRun> {
  const { now, trigger } = options;
  const clock = performance.now();
  // Under the lock no other pull runs: a run still marked running was cut short by a stopped process.
  await db
    .update(syncRuns)
    .set({ outcome: "failed", message: "Did not finish: Daybook stopped or lost its database during the pull." })
    .where(eq(syncRuns.outcome, "running"));
  const [run] = await db.insert(syncRuns).values({ trigger, startedAt: now }).returning({ id: syncRuns.id });
  const runId = run!.id;

  const answers: Answer[] = [];
  for (const endpoint of STORED_ENDPOINTS) answers.push(await fetchOne(api, endpoint));
  // Which day each property reports follows the API's clock, which it tells in apiRequestedAt.
  const usage = answers.find((answer) => answer.endpoint === "usage")?.report as UsageReport | undefined;
  const apiNow = usage ? new Date(usage.apiRequestedAt) : now;
  // The usage answer lists the key's properties and the guest arrivals name their zones: learnt
  // first, they place each property of every answer in its own day.
  for (const answer of answers) {
    if (answer.report && answer.endpoint !== "criminal-arrivals") {
      await learnProperties(db, answer.endpoint, answer.report, now).catch((error: unknown) =>
        logFailure(`sync: learning the properties from ${answer.endpoint}`, error),
      );
    }
  }
  const endpoints: SyncEndpointOutcome[] = [];
  for (const answer of answers) {
    endpoints.push(
      answer.report ? await keep(db, answer.endpoint, answer.report, { now, apiNow, runId }) : answer.failure!,
    );
  }
  const purge = await purgeExpired(db, now, options.retentionDays ?? getConfig().history.retentionDays);

  const outcome = overallOutcome(endpoints);
  const firstFailure = endpoints.find((entry) => entry.result === "failed");
  const [finished] = await db
    .update(syncRuns)
    .set({
      finishedAt: new Date(now.getTime() + Math.round(performance.now() - clock)),
      outcome,
      reportedDate: reportedDateOf(endpoints),
      endpoints,
      // A successful answer's correlation id does not leave the client; a failure's is the one support asks for.
      correlationId: firstFailure?.correlationId ?? null,
      message: describeRun(outcome, endpoints, purge),
    })
    .where(eq(syncRuns.id, runId))
    .returning();
  return finished!;
}

function fetchReport<E extends StoredEndpoint>(api: PartnerApiClient, endpoint: E): Promise<ReportOf<E>> {
  switch (endpoint) {
    case "usage":
      return api.usage() as Promise<ReportOf<E>>;
    case "guests":
      return api.guests() as Promise<ReportOf<E>>;
    default:
      return api.criminalArrivals() as Promise<ReportOf<E>>;
  }
}

interface Answer {
  endpoint: StoredEndpoint;
  report?: ReportOf<StoredEndpoint>;
  failure?: SyncEndpointOutcome;
}

async function fetchOne(api: PartnerApiClient, endpoint: StoredEndpoint): Promise<Answer> {
  const failed = { endpoint, result: "failed" as const, itemCount: null, reportedDate: null };
  try {
    return { endpoint, report: await fetchReport(api, endpoint) };
  } catch (error) {
    if (!isPartnerApiError(error)) {
      logFailure(`sync: pulling ${endpoint}`, error);
      return { endpoint, failure: { ...failed, correlationId: null, errorCode: "unexpected_error", status: null } };
    }
    return {
      endpoint,
      failure: { ...failed, correlationId: error.correlationId, errorCode: error.code, status: error.status },
    };
  }
}

async function keep(
  db: Database,
  endpoint: StoredEndpoint,
  report: ReportOf<StoredEndpoint>,
  { now, apiNow, runId }: { now: Date; apiNow: Date; runId: number },
): Promise<SyncEndpointOutcome> {
  const outcome = {
    endpoint,
    reportedDate: report.reportedDateLocal,
    correlationId: null,
    errorCode: null,
    status: 200,
  };
  try {
    const kept = await storeReport(db, endpoint, report, {
      pulledAt: now,
      apiNow,
      runId,
      privacy: await readStorePrivacy(db),
    });
    return {
      ...outcome,
      result: kept.result,
      ...(kept.result === "stored" && kept.observed ? { observed: true } : {}),
      ...(kept.days.length > 1 ? { days: kept.days } : {}),
      itemCount: kept.result === "stored" && "items" in report ? kept.itemCount : null,
    };
  } catch (error) {
    // Only the error's name: a driver's message may quote the values of the row, guest data.
    logFailure(`sync: storing ${endpoint} of ${report.reportedDateLocal}`, error);
    return { ...outcome, result: "failed", itemCount: null, errorCode: "storage_failed" };
  }
}

/** The usage report's day when it came, else the first report's. */
function reportedDateOf(endpoints: SyncEndpointOutcome[]): string | null {
  const usage = endpoints.find((entry) => entry.endpoint === "usage")?.reportedDate;
  return usage ?? endpoints.find((entry) => entry.reportedDate !== null)?.reportedDate ?? null;
}

function overallOutcome(endpoints: SyncEndpointOutcome[]): SyncRun["outcome"] {
  const failures = endpoints.filter((entry) => entry.result === "failed").length;
  if (failures === endpoints.length) return "failed";
  if (failures > 0) return "partial";
  return endpoints.some((entry) => entry.result === "stored") ? "stored" : "nothing new";
}

/**
 * Removes the guest data of every property's day before `before`, whatever its policy, in one
 * transaction: the stored guest and criminal-arrival items (history), and what in the review records
 * (review) and the audit entries of reveals and reviews (the check-in instant) of those days could
 * lead back to a guest. The daily purge cuts each property at its own policy instead
 * (`purgeExpiredGuestData`, lib/features/sync/retention.ts).
 */
export async function purgeGuestData(db: Executor, before: string, now: Date): Promise<PurgedGuestData> {
  return db.transaction(async (tx) => {
    await forgetReviewedGuests(tx, before);
    await forgetCheckInInstants(tx, before);
    return purgePersonalData(tx, before, now);
  });
}

/**
 * The retention purge after a pull, each property under its own policy and in its own zone.
 * `retentionDays` is the default policy's (DAYBOOK_RETENTION_DAYS unless an admin set one).
 */
async function purgeExpired(db: Database, now: Date, retentionDays: number): Promise<PurgeSummary> {
  try {
    const policies = await readPolicies(db, retentionDays);
    return { ...(await purgeExpiredGuestData(db, { policies, now })), failed: false };
  } catch (error) {
    logFailure("sync: removing guest data past retention", error);
    return { byPolicy: [], days: 0, failed: true };
  }
}
