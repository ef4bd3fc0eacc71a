/**
 * The retention purge, property by property: a property's guest-level data of a local day (its
 * arrivals and criminal arrivals, with their live observations) goes once that day is more than its
 * privacy policy's `retentionDays` old, counted in the property's own local days. With it goes what
 * in review records and in the audit entries of reveals and reviews could lead back to one of those
 * guests. Each removal is written to the purge log (what and how much, never the data) in the same
 * transaction. Day aggregates (usage rows, counts) stay.
 */
import { addDays, utcDay } from "@/lib/core/days";
import { policyFor, type PolicySet, type PrivacyPolicy } from "@/lib/core/privacy";
import { localDay } from "@/lib/features/history/property-days";
import { keptGuestParts, purgeGuestParts, readPropertyZones, type PurgedPart } from "@/lib/features/history/store";
import { recordPurges, type PurgeEntry } from "@/lib/features/privacy/server";
import { forgetReviewedGuests } from "@/lib/features/review/server";
import { forgetCheckInInstants, type PropertySelection } from "@/lib/server/audit/retention";
import type { Executor } from "@/lib/server/db/types";

/**
 * The zone whose calendar is furthest ahead (UTC+14): a property of which no zone is known yet
 * (no arrival ever named one) is counted as if it were there.
 */
const FURTHEST_AHEAD_ZONE = "Pacific/Kiritimati";

/**
 * A property's "today" for its retention: the local date in its zone. A name with several zones
 * (properties sharing it, on either side of a midnight) or none known takes the latest local date
 * any reading gives: the retention period is a limit on keeping, so a day is removed as soon as it is
 * past the limit in any of them, never a day late in another.
 */
export function retentionToday(now: Date, zones: readonly string[]): string {
  const days = (zones.length > 0 ? zones : [FURTHEST_AHEAD_ZONE]).flatMap((zone) => {
    try {
      return [localDay(now, zone)];
    } catch {
      // A zone this runtime does not know: the furthest-ahead reading stands in for it.
      return [localDay(now, FURTHEST_AHEAD_ZONE)];
    }
  });
  return days.sort().at(-1)!;
}

/**
 * The first local day a property keeps: days before it are removed. With 3 days kept, on Nov 23 in
 * the property's zone the 20th, 21st and 22nd (and today's, not reported yet) stay.
 */
export function retentionCutoff(now: Date, zones: readonly string[], retentionDays: number): string {
  return addDays(retentionToday(now, zones), -retentionDays);
}

/** The purge log's rule of a retention removal. */
export function retentionRule(policy: PrivacyPolicy): string {
  return `${policy.name}: kept ${policy.retentionDays} ${policy.retentionDays === 1 ? "day" : "days"}`;
}

/** What the retention purge removed under one policy: counts only. */
export interface PolicyRemoval {
  policy: string;
  retentionDays: number;
  /** Reported days of which some property's guest data was removed. */
  days: number;
  /** Property days (a property's part of a guests or criminal-arrivals day) removed. */
  parts: number;
  properties: number;
  items: number;
}

export interface RetentionPurge {
  /** Each policy, the default first, with what was removed under it (zero counts when nothing). */
  byPolicy: PolicyRemoval[];
  /** Reported days of which some property's guest data was removed, under any policy. */
  days: number;
}

const KINDS = { guests: "guest arrivals", "criminal-arrivals": "criminal arrivals" } as const;

/**
 * Removes, in one transaction, every property day past its property's retention at `now`, what
 * leads to its guests in review records and audit entries, and records each removal in the purge
 * log. `policies` is the policy set as of now (lib/features/privacy/server.ts `readPolicies`).
 */
export async function purgeExpiredGuestData(
  db: Executor,
  { policies, now }: { policies: PolicySet; now: Date },
): Promise<RetentionPurge> {
  return db.transaction(async (tx) => {
    const zones = await readPropertyZones(tx);
    const cutoffOf = (name: string) => {
      const policy = policyFor(policies, name);
      return { policy, before: retentionCutoff(now, zones.get(name) ?? [], policy.retentionDays) };
    };
    // No property's day before this one can be kept (the shortest retention, in the zone furthest ahead).
    const shortest = Math.min(...policies.policies.map((policy) => policy.retentionDays));
    const bound = addDays(utcDay(now), 1 - shortest);
    const due = (await keptGuestParts(tx, bound)).filter((part) => part.day < cutoffOf(part.propertyName).before);
    const purged = await purgeGuestParts(tx, due, now);

    // Reviews and audit entries per property, each property at its own cut; any name the store
    // never met (none should exist) at the default policy's cut in the zone furthest ahead.
    const byCut = new Map<string, { policy: PrivacyPolicy; names: string[] }>();
    for (const name of zones.keys()) {
      const { policy, before } = cutoffOf(name);
      const key = `${before}|${policy.id}`;
      byCut.set(key, { policy, names: [...(byCut.get(key)?.names ?? []), name] });
    }
    const groups: { policy: PrivacyPolicy; before: string; properties: PropertySelection }[] = [...byCut].map(
      ([key, group]) => ({ policy: group.policy, before: key.split("|")[0]!, properties: { only: group.names } }),
    );
    const fallback = policies.policies.find((policy) => policy.isDefault)!;
    groups.push({
      policy: fallback,
      before: retentionCutoff(now, [], fallback.retentionDays),
      properties: { except: [...zones.keys()] },
    });
    const entries: PurgeEntry[] = partEntries(purged, policies);
    for (const group of groups) {
      const rule = retentionRule(group.policy);
      const forgotten = await forgetReviewedGuests(tx, group.before, group.properties);
      const audits = await forgetCheckInInstants(tx, group.before, group.properties);
      entries.push(
        ...countedEntries(rule, "review notes", forgotten.reviews),
        ...countedEntries(rule, "sign-off notes", forgotten.signOffs),
        ...countedEntries(
          rule,
          "audit check-in times",
          audits.map((entry) => ({ propertyName: entry.propertyName, listDate: entry.checkInDay })),
        ),
      );
    }
    await recordPurges(tx, entries, now);
    return summarize(purged, policies);
  });
}

/** One purge-log entry per kind of each property day removed. */
function partEntries(purged: readonly PurgedPart[], policies: PolicySet): PurgeEntry[] {
  return purged.flatMap((part) => {
    const rule = retentionRule(policyFor(policies, part.propertyName));
    const where = { reason: "retention" as const, rule, day: part.day, propertyName: part.propertyName };
    return [
      { ...where, kind: KINDS[part.endpoint], rows: part.items },
      { ...where, kind: "live observations", rows: part.observations },
    ];
  });
}

/** Rows changed, counted per property and day, as purge-log entries. */
function countedEntries(
  rule: string,
  kind: string,
  rows: readonly { propertyName: string | null; listDate: string }[],
): PurgeEntry[] {
  const counts = new Map<string, { propertyName: string | null; day: string; rows: number }>();
  for (const row of rows) {
    const key = JSON.stringify([row.propertyName, row.listDate]);
    const entry = counts.get(key) ?? { propertyName: row.propertyName, day: row.listDate, rows: 0 };
    entry.rows += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].map((entry) => ({ reason: "retention", rule, kind, ...entry }));
}

function summarize(purged: readonly PurgedPart[], policies: PolicySet): RetentionPurge {
  const byPolicy = policies.policies.map((policy) => {
    const mine = purged.filter((part) => policyFor(policies, part.propertyName).id === policy.id);
    return {
      policy: policy.name,
      retentionDays: policy.retentionDays,
      days: new Set(mine.map((part) => part.day)).size,
      parts: new Set(mine.map((part) => `${part.day}|${part.propertyName}`)).size,
      properties: new Set(mine.map((part) => part.propertyName)).size,
      items: mine.reduce((n, part) => n + part.items, 0),
    };
  });
  return { byPolicy, days: new Set(purged.map((part) => part.day)).size };
}
