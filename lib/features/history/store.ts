/**
 * Storing a report: Daybook's own copy of the reports. The API keeps no history, so each day is kept
 * as pulled, once per endpoint and reported day, each property's part under the local day it
 * reported. Reading it back (stored-reads.ts, stored-days.ts), the key's properties
 * (known-properties.ts) and the purge (purge.ts) are re-exported here, so callers keep one import.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { propertyKey } from "@/lib/core/access";
import { CRIMINAL_FIELDS, GUEST_FIELDS, keepUnder, policyFor, type PolicySet } from "@/lib/core/privacy";
import { storedCoverage, storedItems, storedReports, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import { usageReportSchema, type UsageReport } from "@/lib/server/partner-api/schemas";

import { assembleUsage, keptRows, type Contribution, type KeptRow } from "./assemble";
import { recountDays } from "./day-counts";
import type {
  KeptCriminalArrival as CriminalArrival,
  KeptCriminalArrivalsReport as CriminalArrivalsReport,
  KeptGuestArrival as GuestArrival,
  KeptGuestsReport as GuestsReport,
  ReportOf,
} from "./kept";
import { learnProperties } from "./known-properties";
import { observeLiveFields } from "./live-observations";
import { appendItems, type Restriction } from "./new-items";
import { assignDays } from "./property-days";

export type { StoredCopy } from "./types";
export type { ReportOf } from "./kept";
export type { Restriction } from "./new-items";
export { learnProperties, readKnownProperties, readPropertyZones } from "./known-properties";
export {
  dayParts,
  hasStoredReport,
  listStoredDays,
  newestStoredDays,
  readGuestDayParts,
  readGuestPartStates,
  storedDaysSummary,
  storedPropertyDays,
  type DayPart,
  type GuestPartState,
  type NewestStoredDay,
  type StoredDaysSummary,
} from "./stored-days";
export {
  readStoredArrivalZones,
  readStoredCriminalArrivalSummaries,
  readStoredCriminalLists,
  readStoredGuestField,
  readStoredReport,
  readStoredUsage,
  type StoredList,
  type StoredListColumns,
} from "./stored-reads";
export {
  keptGuestParts,
  purgeGuestParts,
  purgePersonalData,
  type GuestPart,
  type PurgedGuestData,
  type PurgedPart,
} from "./purge";

export type StoreResult = "stored" | "observed" | "already stored";

/** A pull's privacy: the properties' policies and the restrictions in force (lib/features/privacy/server.ts). */
export interface StorePrivacy {
  policies: PolicySet;
  restrictions: readonly Restriction[];
}

/**
 * The items as their properties' policies keep them: fields not kept removed; a criminal arrival
 * of a property whose policy keeps no criminal details is not kept at all.
 */
function underPolicies(
  endpoint: StoredEndpoint,
  items: readonly (GuestArrival | CriminalArrival)[],
  policies: PolicySet,
): (GuestArrival | CriminalArrival)[] {
  if (endpoint === "guests")
    return items.map((item) => keepUnder(item, policyFor(policies, item.propertyName), GUEST_FIELDS));
  return items.flatMap((item) => {
    const policy = policyFor(policies, item.propertyName);
    return policy.criminalDetails ? [keepUnder(item, policy, CRIMINAL_FIELDS)] : [];
  });
}

/** A report as it is kept: its top level, and its items apart (null for usage, which has none). */
function split(report: UsageReport | GuestsReport | CriminalArrivalsReport): {
  top: Record<string, unknown>;
  items: (GuestArrival | CriminalArrival)[] | null;
} {
  if (!("items" in report)) return { top: report, items: null };
  const { items, ...top } = report;
  return { top, items };
}

export interface StoreOutcome {
  /** "stored" when some property's day was new; "observed" when only live fields were re-read. */
  result: StoreResult;
  /** Whether live fields of property days already kept were re-read. */
  observed: boolean;
  /** Items newly kept, over every day the answer held. */
  itemCount: number;
  /** The local days the answer's properties reported, oldest first. */
  days: string[];
  /** Properties not kept from this answer: their same-name zones or items named two days. */
  unplaced: string[];
}

/**
 * Keeps one answer, each property's part under the local day that property reported (an answer
 * of a group spanning the date line holds two days). A property day already kept is not kept
 * twice; for guests, its isCurrentlyBanned values are compared and each change is kept with the
 * time it was seen. `filter` is the propertyName the answer was asked for, if any.
 */
export async function storeReport<E extends StoredEndpoint>(
  db: Executor,
  endpoint: E,
  report: ReportOf<E>,
  {
    pulledAt,
    apiNow = pulledAt,
    runId = null,
    filter,
    privacy,
  }: { pulledAt: Date; apiNow?: Date; runId?: number | null; filter?: string; privacy: StorePrivacy },
): Promise<StoreOutcome> {
  return db.transaction(async (tx) => {
    const { top, items: answered } = split(report);
    // What the properties' policies do not keep is dropped here, before anything is stored.
    const items = answered === null ? null : underPolicies(endpoint, answered, privacy.policies);
    const usage = endpoint === "usage" ? (report as UsageReport) : null;
    const kept = usage ? keptRows(usage) : null;
    const known = await learnProperties(tx, endpoint, report, pulledAt);
    const names = new Set<string>(
      usage
        ? usage.byProperty.map((row) => row.propertyName)
        : known.listed.filter((name) => filter === undefined || propertyKey(name) === propertyKey(filter)),
    );
    const itemDays = new Map<string, Set<string>>();
    for (const item of items ?? []) {
      names.add(item.propertyName);
      itemDays.set(item.propertyName, (itemDays.get(item.propertyName) ?? new Set()).add(item.checkInDateLocal));
    }
    const assigned = assignDays({
      names,
      zonesByName: known.zones,
      itemDays,
      apiNow,
      label: report.reportedDateLocal,
    });
    const byDay = new Map<string, string[]>();
    const unplaced: string[] = [];
    for (const [name, day] of assigned) {
      if (day === null) unplaced.push(name);
      else byDay.set(day, [...(byDay.get(day) ?? []), name]);
    }
    const whole = byDay.size === 1 && unplaced.length === 0;

    let stored = false;
    let observed = false;
    let itemCount = 0;
    for (const [day, dayNames] of byDay) {
      const [created] = await tx
        .insert(storedReports)
        .values({
          endpoint,
          reportedDate: day,
          pulledAt,
          runId,
          // A whole answer of one day is kept as the API wrote it; a part is assembled below.
          report: whole && filter === undefined ? top : { ...partTop(endpoint, top), reportedDateLocal: day },
          itemCount: (items ?? []).filter((item) => assigned.get(item.propertyName) === day).length,
          liveObservedAt: endpoint === "guests" ? pulledAt : null,
        })
        .onConflictDoNothing()
        .returning({ id: storedReports.id });
      const [row] = created
        ? [{ id: created.id, purged: null }]
        : await tx
            .select({ id: storedReports.id, purged: storedReports.itemsPurgedAt })
            .from(storedReports)
            .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)))
            .for("update");
      const reportId = row!.id;
      const rowsOf = (name: string) => kept?.filter((row) => row.propertyName === name) ?? null;
      const fresh = (
        await tx
          .insert(storedCoverage)
          .values(
            dayNames.map((name) => ({
              reportId,
              propertyName: name,
              pulledAt,
              runId,
              liveObservedAt: endpoint === "guests" ? pulledAt : null,
              rows: rowsOf(name),
            })),
          )
          .onConflictDoNothing()
          .returning({ name: storedCoverage.propertyName })
      ).map((entry) => entry.name);

      const freshSet = new Set(fresh);
      if (fresh.length > 0) {
        const newItems = (items ?? []).filter((item) => freshSet.has(item.propertyName));
        // A property without arrivals joining a kept day adds nothing to tell.
        stored ||= created !== undefined || usage !== null || newItems.length > 0;
        itemCount += newItems.length;
        await appendItems(tx, reportId, newItems, privacy.restrictions);
        if (endpoint === "guests")
          await recountDays(
            tx,
            fresh.map((propertyName) => ({ reportId, propertyName })),
          );
        if (!created || !whole || filter !== undefined) await refreshTop(tx, endpoint, reportId, day, top, pulledAt);
        // A day is as of its latest part: "pulled at" says when it became what it is.
        if (!created) {
          await tx
            .update(storedReports)
            .set({ pulledAt: sql`greatest(${storedReports.pulledAt}, ${pulledAt.toISOString()}::timestamptz)` })
            .where(eq(storedReports.id, reportId));
        }
      }
      const seen = dayNames.filter((name) => !freshSet.has(name));
      if (endpoint === "guests" && seen.length > 0 && !row!.purged) {
        const seenSet = new Set(seen);
        await observeLiveFields(
          tx,
          reportId,
          (items as GuestArrival[]).filter((item) => seenSet.has(item.propertyName)),
          seen,
          pulledAt,
        );
        observed = true;
      }
    }
    return {
      result: stored ? "stored" : observed ? "observed" : "already stored",
      observed,
      itemCount,
      days: [...byDay.keys()].sort(),
      unplaced,
    };
  });
}

/** The top level of a part of a day: what does not describe the answer's other properties. */
function partTop(endpoint: StoredEndpoint, top: Record<string, unknown>): Record<string, unknown> {
  if (endpoint === "usage") return top;
  return Object.fromEntries(
    Object.entries(top).filter(([field]) => field !== "totalCount" && field !== "propertyName"),
  );
}

/** After a part of a day was added: its item count, and for usage the figures of every part so far. */
async function refreshTop(
  db: Executor,
  endpoint: StoredEndpoint,
  reportId: number,
  day: string,
  answerTop: Record<string, unknown>,
  pulledAt: Date,
) {
  if (endpoint !== "usage") {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedItems)
      .where(eq(storedItems.reportId, reportId));
    await db
      .update(storedReports)
      .set({ itemCount: count?.n ?? 0 })
      .where(eq(storedReports.id, reportId));
    return;
  }
  const parts = await db
    .select({ pulledAt: storedCoverage.pulledAt, rows: storedCoverage.rows })
    .from(storedCoverage)
    .where(eq(storedCoverage.reportId, reportId))
    .orderBy(asc(storedCoverage.pulledAt));
  const rowsOf = (mine: boolean) =>
    parts
      .filter((part) => (part.pulledAt.getTime() === pulledAt.getTime()) === mine)
      .flatMap((part) => (part.rows ?? []) as KeptRow[]);
  const answerReport = usageReportSchema.parse(answerTop);
  const answer: Contribution = { report: answerReport, rows: rowsOf(true) };
  const earlier = rowsOf(false);
  let contributions = [answer];
  if (earlier.length > 0) {
    // The day as stored so far stands for the earlier pulls: its period, activity and message.
    const [stored] = await db
      .select({ report: storedReports.report })
      .from(storedReports)
      .where(eq(storedReports.id, reportId));
    contributions = [{ report: usageReportSchema.parse(stored!.report), rows: earlier }, answer];
  }
  // The rows in the API's order, as the latest answer lists the key's properties.
  const order = new Map<string, number>();
  answerReport.byProperty.forEach((row, index) => order.set(row.propertyName, order.get(row.propertyName) ?? index));
  const assembled = assembleUsage(day, contributions);
  const rank = (name: string) => order.get(name) ?? order.size;
  assembled.byProperty = assembled.byProperty
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.propertyName) - rank(b.row.propertyName) || a.index - b.index)
    .map(({ row }) => row);
  await db
    .update(storedReports)
    .set({ report: assembled as unknown as Record<string, unknown> })
    .where(eq(storedReports.id, reportId));
}
