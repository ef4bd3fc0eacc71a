import "server-only";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { pageOf, type Page } from "@/lib/core/paging";
import { arrivalPropertyLabel, type PropertyNameWords } from "@/lib/core/property-names";
import { readFlagCounts } from "@/lib/features/history/flag-counts";
import { readKnownProperties } from "@/lib/features/history/known-properties";
import { readStoredGuestParts } from "@/lib/features/history/screening";
import type { Baseline } from "@/lib/features/insights/unusual";
import type { Executor } from "@/lib/server/db/types";

import { WEEKDAYS } from "./response-time";
import {
  addFlags,
  flagsPer100,
  groupBaseline,
  judgeFlags,
  NO_FLAGS,
  unmatchedShare,
  weekdayOfDay,
  type FlagCounts,
  type FlagJudgement,
} from "./staff-flags-figures";
import { compareFlagRows, type StaffFlagQuery, type StaffFlagSort } from "./staff-flags-view";
import { INVESTIGATION_PAGE_SIZE, windowBounds, type WindowDays } from "./view";

/**
 * Staff flags for a person: their properties' stored day counts of the window summed per property
 * and per weekday, each property judged against the group of the person's properties. Only stored
 * days count: a day Daybook did not store, or whose guest data retention removed, is left out, never
 * read as a day without flags.
 */

export interface FlagRates extends FlagCounts {
  per100: number | null;
  unmatchedShare: number | null;
}

export interface StaffFlagProperty extends FlagRates {
  label: string;
  propertyName: string;
  zone: string | null;
  /** Stored days of the property's name in the window with their guest data, and those retention removed. */
  storedDays: number;
  purgedDays: number;
  judgement: FlagJudgement;
}

export interface WeekdayFlags extends FlagRates {
  label: string;
  /** Property days of this weekday with stored arrivals. */
  propertyDays: number;
}

export interface StaffFlags {
  window: WindowDays;
  /** The order of the table of properties. */
  sort: StaffFlagSort;
  from: string;
  to: string;
  /** Every property of the person's, by label, for the filter; empty for one property. */
  choices: string[];
  property: string | null;
  unknownProperty: string | null;
  /** The group's range, from every property of the person's (a filter does not change it). */
  baseline: Baseline;
  /** The chosen properties' counts together. */
  overall: FlagRates;
  /** Stored guest days of the window, and those whose guest data retention removed. */
  storedDays: number;
  purgedDays: number;
  /** The chosen properties far outside the group's range, farthest first. */
  far: StaffFlagProperty[];
  /** The chosen properties in the order asked for (most flags per 100 arrivals first), a page at a time. */
  properties: Page<StaffFlagProperty>;
  weekdays: WeekdayFlags[];
}

const rates = (counts: FlagCounts): FlagRates => ({
  ...counts,
  per100: flagsPer100(counts),
  unmatchedShare: unmatchedShare(counts),
});

export async function staffFlagsFor(
  db: Executor,
  scope: PropertyScope,
  query: StaffFlagQuery,
  {
    now,
    pageSize = INVESTIGATION_PAGE_SIZE,
    words,
  }: {
    now: Date;
    pageSize?: number;
    /** The person's words for the properties' labels (the filter's choices); English by default. */
    words?: PropertyNameWords;
  },
): Promise<StaffFlags> {
  const { from, to } = windowBounds(now, query.window);
  const [counts, parts, known] = await Promise.all([
    readFlagCounts(db, from, to),
    readStoredGuestParts(db, from, to),
    readKnownProperties(db),
  ]);
  const visible = counts.filter((entry) => canSeeProperty(scope, entry.propertyName));
  const visibleParts = parts.filter((part) => canSeeProperty(scope, part.propertyName));
  // A name is several properties when its arrivals named several zones (here or as Daybook knows it).
  const zonesOf = new Map<string, Set<string>>();
  const noteZone = (name: string, zone: string | null) => {
    const set = zonesOf.get(propertyKey(name)) ?? new Set<string>();
    if (zone) set.add(zone);
    zonesOf.set(propertyKey(name), set);
  };
  for (const property of known)
    if (canSeeProperty(scope, property.name)) for (const zone of property.zones) noteZone(property.name, zone);
  for (const entry of visible) noteZone(entry.propertyName, entry.propertyTimeZone);
  const sharedKeys = new Set([...zonesOf].filter(([, zones]) => zones.size > 1).map(([key]) => key));
  const shared = [...known.map((property) => property.name), ...visible.map((entry) => entry.propertyName)].filter(
    (name) => sharedKeys.has(propertyKey(name)),
  );

  // Each property: a name, and its zone where several properties share it.
  const rows = new Map<
    string,
    { propertyName: string; zone: string | null; counts: FlagCounts; days: Map<number, FlagCounts & { days: number }> }
  >();
  const rowOf = (name: string, zone: string | null) => {
    const own = sharedKeys.has(propertyKey(name)) ? zone : null;
    const key = JSON.stringify([propertyKey(name), own]);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { propertyName: name, zone: own, counts: NO_FLAGS, days: new Map() }));
    return row;
  };
  for (const property of known) {
    if (!canSeeProperty(scope, property.name)) continue;
    if (property.zones.length > 1) for (const zone of property.zones) rowOf(property.name, zone);
    else rowOf(property.name, property.zones[0] ?? null);
  }
  for (const entry of visible) {
    const row = rowOf(entry.propertyName, entry.propertyTimeZone);
    const counts = { arrivals: entry.arrivals, flagged: entry.flagged, flaggedUnmatched: entry.flaggedUnmatched };
    row.counts = addFlags(row.counts, counts);
    const weekday = weekdayOfDay(entry.day);
    const day = row.days.get(weekday) ?? { ...NO_FLAGS, days: 0 };
    row.days.set(weekday, { ...addFlags(day, counts), days: day.days + (entry.arrivals > 0 ? 1 : 0) });
  }
  // Stored days are the name's: its parts are stored together, whichever zone.
  const daysOf = new Map<string, { stored: number; purged: number }>();
  for (const part of visibleParts) {
    const entry = daysOf.get(propertyKey(part.propertyName)) ?? { stored: 0, purged: 0 };
    if (part.purged) entry.purged += 1;
    else entry.stored += 1;
    daysOf.set(propertyKey(part.propertyName), entry);
  }

  const all = [...rows.values()];
  const baseline = groupBaseline(all.map((row) => row.counts));
  // Each property's weekdays, by label, kept beside it for the weekday table.
  const weekdaysOf = new Map<string, (typeof all)[number]["days"]>();
  const properties: StaffFlagProperty[] = all.map((row) => {
    const label = arrivalPropertyLabel(
      { propertyName: row.propertyName, propertyTimeZone: row.zone ?? undefined },
      shared,
      words,
    );
    const days = daysOf.get(propertyKey(row.propertyName)) ?? { stored: 0, purged: 0 };
    weekdaysOf.set(label, row.days);
    return {
      ...rates(row.counts),
      label,
      propertyName: row.propertyName,
      zone: row.zone,
      storedDays: days.stored,
      purgedDays: days.purged,
      judgement: judgeFlags(label, row.counts, baseline),
    };
  });

  const wanted = query.property === undefined ? undefined : propertyKey(query.property);
  const chosenOne = wanted === undefined ? undefined : properties.find((entry) => propertyKey(entry.label) === wanted);
  const chosen = chosenOne ? [chosenOne] : properties;
  const sort = query.sort ?? "most";
  const ordered = [...chosen].sort((a, b) => compareFlagRows(a, b, sort));
  const weekdays = WEEKDAYS.map((label, weekday) => {
    let sum: FlagCounts = NO_FLAGS;
    let propertyDays = 0;
    for (const entry of chosen) {
      const day = weekdaysOf.get(entry.label)?.get(weekday);
      if (!day) continue;
      sum = addFlags(sum, day);
      propertyDays += day.days;
    }
    return { label, propertyDays, ...rates(sum) };
  });
  const distance = (entry: StaffFlagProperty) =>
    entry.judgement.kind === "far-above"
      ? entry.judgement.value - entry.judgement.high
      : entry.judgement.kind === "far-below"
        ? entry.judgement.low - entry.judgement.value
        : 0;
  const chosenNames = new Set(chosen.map((entry) => propertyKey(entry.propertyName)));
  const chosenParts = visibleParts.filter((part) => chosenNames.has(propertyKey(part.propertyName)));
  const daysWhere = (purged: boolean) =>
    new Set(chosenParts.filter((part) => part.purged === purged).map((part) => part.day)).size;
  return {
    window: query.window,
    sort,
    from,
    to,
    choices:
      properties.length > 1 ? properties.map((entry) => entry.label).sort((a, b) => a.localeCompare(b, "en")) : [],
    property: chosenOne?.label ?? null,
    unknownProperty: query.property !== undefined && chosenOne === undefined ? query.property : null,
    baseline,
    overall: rates(chosen.reduce<FlagCounts>((sum, entry) => addFlags(sum, entry), NO_FLAGS)),
    storedDays: daysWhere(false),
    purgedDays: daysWhere(true),
    far: chosen
      .filter((entry) => entry.judgement.kind === "far-above" || entry.judgement.kind === "far-below")
      .sort((a, b) => distance(b) - distance(a)),
    properties: pageOf(ordered, query.page, pageSize),
    weekdays,
  };
}
