import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { apiKeys, STORED_ENDPOINTS, storedItems, storedReports, syncRuns, type StoredEndpoint } from "@/lib/db/schema";
import { holdBack } from "./retry";
import { addDays, decidePull, type PullDecision } from "./schedule";
import type { SyncRun } from "./run";

/** What the schedule needs from the database, and what the sync page shows. */

/** Zones are read from the latest few stored days: a property with no arrival one day still counts. */
const ZONE_DAYS = 3;
/** Stored days looked at when deciding whether today's pull is done. */
const RECENT_DAYS = 7;

/** The property zones named by the guest arrivals of the latest stored days. */
export async function knownZones(db: Database): Promise<string[]> {
  const recent = db
    .select({ id: storedReports.id })
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, "guests"), isNull(storedReports.itemsPurgedAt)))
    .orderBy(desc(storedReports.reportedDate))
    .limit(ZONE_DAYS);
  const rows = await db
    .selectDistinct({ zone: sql<string | null>`${storedItems.item} ->> 'propertyTimeZone'` })
    .from(storedItems)
    .where(inArray(storedItems.reportId, recent));
  return rows.flatMap((row) => (row.zone ? [row.zone] : []));
}

export async function latestRun(db: Database): Promise<SyncRun | null> {
  const [run] = await db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt), desc(syncRuns.id)).limit(1);
  return run ?? null;
}

/**
 * The endpoints a day needs before it counts as stored: all three, less those the key was refused
 * (403 insufficient_scope) on the latest run, so a key without one report does not pull all day.
 */
export function requiredEndpoints(run: SyncRun | null): StoredEndpoint[] {
  const refused = new Set(
    (run?.endpoints ?? []).filter((entry) => entry.errorCode === "insufficient_scope").map((entry) => entry.endpoint),
  );
  const required = STORED_ENDPOINTS.filter((endpoint) => !refused.has(endpoint));
  return required.length > 0 ? required : [...STORED_ENDPOINTS];
}

export async function completeDays(db: Database, since: string, required: readonly StoredEndpoint[]): Promise<Set<string>> {
  const rows = await db
    .select({ day: storedReports.reportedDate, endpoint: storedReports.endpoint })
    .from(storedReports)
    .where(gte(storedReports.reportedDate, since));
  const byDay = new Map<string, Set<string>>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? new Set()).add(row.endpoint));
  return new Set([...byDay].filter(([, endpoints]) => required.every((endpoint) => endpoints.has(endpoint))).map(([day]) => day));
}

/** Whether a pull is due now, and if not, when. */
export async function nextPull(db: Database, now: Date, graceMinutes: number): Promise<PullDecision> {
  const [zones, run] = await Promise.all([knownZones(db), latestRun(db)]);
  const since = addDays(now.toISOString().slice(0, 10), -RECENT_DAYS);
  const complete = await completeDays(db, since, requiredEndpoints(run));
  const decision = decidePull({ now, zones, graceMinutes, completeDays: complete, lastPullAt: run?.startedAt ?? null });
  const [key] = await db.select({ createdAt: apiKeys.createdAt }).from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
  return holdBack(decision, run, key?.createdAt ?? null, now);
}

export interface StoredDaysSummary {
  count: number;
  first: string | null;
  last: string | null;
  /** Days whose guest personal data the retention period removed. */
  purged: number;
}

export async function storedDaysSummary(db: Database): Promise<StoredDaysSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(distinct ${storedReports.reportedDate})::int`,
      first: sql<string | null>`min(${storedReports.reportedDate})`,
      last: sql<string | null>`max(${storedReports.reportedDate})`,
      purged: sql<number>`(count(distinct ${storedReports.reportedDate}) filter (where ${storedReports.itemsPurgedAt} is not null))::int`,
    })
    .from(storedReports);
  return { count: row?.count ?? 0, first: row?.first ?? null, last: row?.last ?? null, purged: row?.purged ?? 0 };
}

export const RUNS_SHOWN = 50;

/** The latest runs, newest first. */
export async function listRuns(db: Database, limit = RUNS_SHOWN): Promise<SyncRun[]> {
  return db.select().from(syncRuns).orderBy(desc(syncRuns.startedAt), desc(syncRuns.id)).limit(limit);
}
