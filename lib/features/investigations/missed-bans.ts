/**
 * Missed bans: guest arrivals the desk did not match against a ban (`matchedBanAtCheckIn` false,
 * or null: no screening record) although Daybook had already seen the same document banned before
 * that check-in, at any property of the group the key reaches. Pure, so every edge is unit-tested;
 * the arrivals come from lib/features/history/linkage.ts.
 *
 * What Daybook saw of a document's ban, each reading at its instant:
 * - an arrival matched against a ban at check-in: banned, at its check-in;
 * - an arrival's `isCurrentlyBanned` as pulled with its day: banned or not, at the pull;
 * - each later change of it: banned or not, when it was seen.
 * A desk's "no ban matched" is not a reading: it is what the audit questions.
 *
 * The rule: the latest reading before the check-in says banned. A ban lifted before the check-in
 * (a later reading said not banned) clears it; a ban imposed again counts from when Daybook saw it
 * again. Readings at the same instant count the ban last: it was seen then. With no reading before
 * the check-in (too little history), nothing is listed.
 */
import { SCAN_SOURCES, type ScanSource } from "@/lib/core/match-outcomes";
import type { LinkedArrival, StayRef } from "@/lib/features/history/linkage";

import { sameProperty, type PropertyId } from "./linkage";

/** What the desk's screening said: screened with no ban matched, or no screening record (never read as screened). */
export type CheckInScreening = "clear" | "no screening record";

/** How an arrival is counted: by the source the desk used, or apart when it has no screening record. */
export type MissedBanCategory = ScanSource | "other source" | "no screening record";

export const MISSED_BAN_CATEGORIES: readonly MissedBanCategory[] = [
  ...SCAN_SOURCES,
  "other source",
  "no screening record",
];

/** The CSV's words for each category (files stay in English); the screen's are in the catalogue. */
export const MISSED_BAN_CATEGORY_LABELS: Record<MissedBanCategory, string> = {
  scan: "Scan",
  "scan manual entry": "Scan, typed in",
  "manual entry": "Manual entry",
  "other source": "Other source",
  "no screening record": "No screening record",
};

export type BanSightingKind = "matched" | "pulled" | "later";

/** The CSV's words for how a ban was seen; the screen's are in the catalogue. */
export const BAN_SIGHTING_LABELS: Record<BanSightingKind, string> = {
  matched: "ban matched at check-in",
  pulled: "banned when the day was pulled",
  later: "ban seen at a later reading",
};

/** One reading of the document's ban, and the arrival it was read on. */
export interface BanSighting extends PropertyId {
  at: Date;
  banned: boolean;
  kind: BanSightingKind;
  ref: StayRef;
  /** The local day of the arrival it was read on. */
  day: string;
}

export interface MissedBan extends PropertyId {
  ref: StayRef;
  day: string;
  checkInAtUtc: string;
  source: string | null;
  atCheckIn: CheckInScreening;
  category: MissedBanCategory;
  /** When Daybook first saw the ban that stood at the check-in, and where. */
  firstSeen: BanSighting;
  /** Every property the entry involves: the arrival's and the first sighting's (once each). */
  involved: PropertyId[];
}

export function categoryOf(arrival: Pick<LinkedArrival, "matchedBanAtCheckIn" | "source">): MissedBanCategory {
  if (arrival.matchedBanAtCheckIn === null) return "no screening record";
  return (SCAN_SOURCES as readonly string[]).includes(arrival.source ?? "")
    ? (arrival.source as ScanSource)
    : "other source";
}

/** Every reading of a document's ban, oldest first; at one instant, "not banned" before "banned". */
export function sightingsOf(arrivals: readonly LinkedArrival[]): BanSighting[] {
  const sightings: BanSighting[] = [];
  for (const arrival of arrivals) {
    const base = {
      propertyName: arrival.propertyName,
      propertyTimeZone: arrival.propertyTimeZone,
      ref: arrival.ref,
      day: arrival.day,
    };
    if (arrival.matchedBanAtCheckIn === true)
      sightings.push({ ...base, at: new Date(arrival.checkInAtUtc), banned: true, kind: "matched" });
    sightings.push({ ...base, at: arrival.pulled.at, banned: arrival.pulled.value, kind: "pulled" });
    for (const reading of arrival.observations)
      sightings.push({ ...base, at: reading.at, banned: reading.value, kind: "later" });
  }
  return sightings.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.banned) - Number(b.banned));
}

/**
 * The first sighting of the ban standing at `instant`: null when the latest reading before it says
 * not banned, or when there is none.
 */
export function standingBan(sightings: readonly BanSighting[], instant: Date): BanSighting | null {
  let since: BanSighting | null = null;
  for (const sighting of sightings) {
    if (sighting.at.getTime() >= instant.getTime()) break;
    if (!sighting.banned) since = null;
    else since ??= sighting;
  }
  return since;
}

const byDocument = (arrivals: readonly LinkedArrival[]) => {
  const groups = new Map<string, LinkedArrival[]>();
  for (const arrival of arrivals)
    groups.set(arrival.documentKey, [...(groups.get(arrival.documentKey) ?? []), arrival]);
  return groups;
};

/**
 * Every missed ban among the arrivals of the stored days [from, to], newest check-in first (ties by
 * property and place, so the order never depends on how the rows were read). `arrivals` holds
 * each document's history: the readings before the window count.
 */
export function missedBans(
  arrivals: readonly LinkedArrival[],
  { from, to }: { from: string; to: string },
): MissedBan[] {
  const missed: MissedBan[] = [];
  for (const group of byDocument(arrivals).values()) {
    const sightings = sightingsOf(group);
    for (const arrival of group) {
      if (arrival.matchedBanAtCheckIn === true || arrival.day < from || arrival.day > to) continue;
      const firstSeen = standingBan(sightings, new Date(arrival.checkInAtUtc));
      if (firstSeen === null) continue;
      const here: PropertyId = { propertyName: arrival.propertyName, propertyTimeZone: arrival.propertyTimeZone };
      const there: PropertyId = { propertyName: firstSeen.propertyName, propertyTimeZone: firstSeen.propertyTimeZone };
      missed.push({
        ...here,
        ref: arrival.ref,
        day: arrival.day,
        checkInAtUtc: arrival.checkInAtUtc,
        source: arrival.source,
        atCheckIn: arrival.matchedBanAtCheckIn === null ? "no screening record" : "clear",
        category: categoryOf(arrival),
        firstSeen,
        involved: sameProperty(here, there) ? [here] : [here, there],
      });
    }
  }
  return missed.sort(
    (a, b) =>
      b.checkInAtUtc.localeCompare(a.checkInAtUtc) ||
      a.propertyName.localeCompare(b.propertyName) ||
      a.ref.reportId - b.ref.reportId ||
      a.ref.position - b.ref.position,
  );
}
