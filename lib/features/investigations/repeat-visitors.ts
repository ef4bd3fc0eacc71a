/**
 * Repeat visitors across the group, on the keyed hash of the document number: a guest staff
 * flagged, matched against a ban, or matched against a criminal record or the sex-offender registry
 * at one property who arrives at another within N days (a setting, 30 by default), and any
 * document at three or more properties within 7 days. Pure, so every edge is unit-tested; the
 * arrivals come from lib/features/history/linkage.ts.
 *
 * "Another property" is another name, or the same name in another zone (two properties may share a
 * name). Days are counted between local check-in days (see linkage.ts): "within N days" is at most
 * N calendar days from one visit's day to the other's, whatever the clocks did in between.
 */
import { FOLLOWED_SIGNALS } from "@/lib/core/match-outcomes";
import type { LinkedArrival, StayRef } from "@/lib/features/history/linkage";

import { daysBetween, propertyIdKey, sameProperty, type PropertyId } from "./linkage";

/** The setting N: days after a flag in which an arrival elsewhere is listed. */
export const REPEAT_VISIT_DAYS = { fallback: 30, min: 1, max: 365 } as const;

/** Three or more properties within seven days, for any document. */
export const SPREAD_DAYS = 7;
export const SPREAD_PROPERTIES = 3;

export type RepeatKind = "after-flag" | "spread";

/** The CSV's words for each rule (files stay in English); the screen's are in the catalogue. */
export const REPEAT_KIND_LABELS: Record<RepeatKind, string> = {
  "after-flag": "Flagged, then at another property",
  spread: `At ${SPREAD_PROPERTIES} or more properties within ${SPREAD_DAYS} days`,
};

export interface Visit extends PropertyId {
  ref: StayRef;
  day: string;
  checkInAtUtc: string;
  /** SIGNAL bits: what the desk and screening found at this visit. */
  signals: number;
}

export interface RepeatVisit {
  kind: RepeatKind;
  /**
   * In check-in order. After a flag: the flagged visit, then the arrival elsewhere. Spread: every
   * visit of the days, at three properties or more.
   */
  visits: Visit[];
  /** Calendar days from the first visit's local day to the last's. */
  days: number;
  /** Every property the entry involves, once each. */
  involved: PropertyId[];
}

const visitOf = (arrival: LinkedArrival): Visit => ({
  propertyName: arrival.propertyName,
  propertyTimeZone: arrival.propertyTimeZone,
  ref: arrival.ref,
  day: arrival.day,
  checkInAtUtc: arrival.checkInAtUtc,
  signals: arrival.signals,
});

const byCheckIn = (a: LinkedArrival, b: LinkedArrival) =>
  a.checkInAtUtc.localeCompare(b.checkInAtUtc) || a.ref.reportId - b.ref.reportId || a.ref.position - b.ref.position;

/** Each document's arrivals, in check-in order. */
function documents(arrivals: readonly LinkedArrival[]): LinkedArrival[][] {
  const groups = new Map<string, LinkedArrival[]>();
  for (const arrival of arrivals)
    groups.set(arrival.documentKey, [...(groups.get(arrival.documentKey) ?? []), arrival]);
  return [...groups.values()].map((group) => [...group].sort(byCheckIn));
}

function distinctProperties(visits: readonly PropertyId[]): PropertyId[] {
  const seen = new Map<string, PropertyId>();
  for (const visit of visits) {
    const key = propertyIdKey(visit);
    if (!seen.has(key)) seen.set(key, { propertyName: visit.propertyName, propertyTimeZone: visit.propertyTimeZone });
  }
  return [...seen.values()];
}

function spanOf(visits: readonly { day: string }[]): number {
  const days = visits.map((visit) => visit.day).sort();
  return daysBetween(days[0]!, days.at(-1)!);
}

/**
 * Every arrival of the stored days [from, to] at a property other than that of an earlier flagged
 * or matched visit of the same document no more than `days` days before it, paired with the latest
 * such visit. An arrival after flags at several properties is listed once, with the nearest.
 */
export function afterFlagVisits(
  arrivals: readonly LinkedArrival[],
  { from, to, days }: { from: string; to: string; days: number },
): RepeatVisit[] {
  const entries: RepeatVisit[] = [];
  for (const group of documents(arrivals)) {
    group.forEach((arrival, index) => {
      if (arrival.day < from || arrival.day > to) return;
      for (let earlier = index - 1; earlier >= 0; earlier--) {
        const flagged = group[earlier]!;
        if ((flagged.signals & FOLLOWED_SIGNALS) === 0 || sameProperty(flagged, arrival)) continue;
        // Check-in order and local days can disagree by a day across zones: the gap is never negative.
        const gap = Math.max(0, daysBetween(flagged.day, arrival.day));
        if (gap > days) continue;
        const visits = [visitOf(flagged), visitOf(arrival)];
        entries.push({ kind: "after-flag", visits, days: gap, involved: distinctProperties(visits) });
        return;
      }
    });
  }
  return entries;
}

/**
 * Every run of one document's visits within `SPREAD_DAYS` days (first local day to last) at
 * `SPREAD_PROPERTIES` properties or more, whose last visit is in the stored days [from, to]. The
 * visits are taken in order: a run is as long as the days allow, and the next starts after it.
 */
export function spreadVisits(
  arrivals: readonly LinkedArrival[],
  { from, to }: { from: string; to: string },
): RepeatVisit[] {
  const entries: RepeatVisit[] = [];
  for (const group of documents(arrivals)) {
    let start = 0;
    while (start < group.length) {
      let end = start;
      while (end + 1 < group.length && spanOf(group.slice(start, end + 2)) <= SPREAD_DAYS) end++;
      const run = group.slice(start, end + 1);
      const involved = distinctProperties(run);
      if (involved.length < SPREAD_PROPERTIES) {
        start++;
        continue;
      }
      const last = [...run.map((visit) => visit.day)].sort().at(-1)!;
      if (last >= from && last <= to)
        entries.push({ kind: "spread", visits: run.map(visitOf), days: spanOf(run), involved });
      start = end + 1;
    }
  }
  return entries;
}

/** The latest check-in of an entry: what it is dated by. */
export function latestCheckIn(entry: RepeatVisit): string {
  return entry.visits.at(-1)!.checkInAtUtc;
}

/** Both rules' entries, newest last visit first (ties by rule, then the visits' places). */
export function repeatVisits(
  followed: readonly LinkedArrival[],
  spread: readonly LinkedArrival[],
  window: { from: string; to: string; days: number },
): RepeatVisit[] {
  const refs = (entry: RepeatVisit) =>
    entry.visits.map((visit) => `${visit.ref.reportId}:${visit.ref.position}`).join(" ");
  return [...afterFlagVisits(followed, window), ...spreadVisits(spread, window)].sort(
    (a, b) =>
      latestCheckIn(b).localeCompare(latestCheckIn(a)) ||
      a.kind.localeCompare(b.kind) ||
      refs(a).localeCompare(refs(b)),
  );
}
