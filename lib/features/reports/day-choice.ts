/**
 * Which days a person can open, and what each covers of their properties. A day is stored property
 * by property, each from the first pull after its local day closed there: the days offered are those
 * on which at least one of the person's own properties is stored, and each says how many of them it
 * covers and when the others' day closes. A property whose day is not stored is never shown as a
 * property without arrivals. Pure: the words come from the `reports` catalogue through the
 * translator given, the dates and times from the person's formatter.
 */

import type { useTranslations } from "next-intl";

import { addDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import { isKnownZone, startOfLocalDay, type PropertyZones } from "@/lib/features/history/property-days";
import type { PendingProperty, StoredCoverage } from "@/lib/features/history/types";

export type { PendingProperty };

/**
 * When `day` ends at a property: its local midnight. Several zones (a shared name): the last of
 * them, since only then are all its properties' days closed.
 */
export function dayEnd(day: string, zones: readonly string[]): { at: Date; zone: string } | null {
  let latest: { at: Date; zone: string } | null = null;
  for (const zone of zones.filter(isKnownZone)) {
    const at = startOfLocalDay(addDays(day, 1), zone);
    if (!latest || at > latest.at) latest = { at, zone };
  }
  return latest;
}

/** The properties `missing` (by name) whose part of `day` is not stored, with when their day closes. */
export function pendingProperties(
  day: string,
  missing: readonly string[],
  known: readonly PropertyZones[],
  now: Date,
  graceMs: number,
): PendingProperty[] {
  const zonesOf = new Map(known.map((property) => [property.name, property.zones]));
  return missing.map((name) => {
    const end = dayEnd(day, zonesOf.get(name) ?? []);
    return {
      name,
      closesAt: end?.at.toISOString() ?? null,
      zone: end?.zone ?? null,
      closed: end === null || end.at.getTime() + graceMs <= now.getTime(),
    };
  });
}

/** The `reports` namespace's translator, from `useTranslations`, `getTranslations` or `translatorFor`. */
export type ReportWords = ReturnType<typeof useTranslations<"reports">>;

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * "00:00 HST"; a zone whose short name is only an offset is named by its place: "00:00 Asia/Tokyo time".
 * Always on a 24-hour clock, whatever the person's: the time is a day's end, which reads
 * unmistakably as 00:00 where "12:00 AM" is often taken for noon.
 */
export function timeInZone(instant: string | Date, zone: string, t: ReportWords, format: Formatter): string {
  const key = `${format.habits.region}|${zone}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat(format.habits.region, {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(key, clock);
  }
  const at = new Date(instant);
  const name = format.zoneName(at.toISOString(), zone);
  const zoneWords = name === zone && zone.includes("/") ? t("dayChoice.zoneTime", { zone }) : name;
  return t("dayChoice.clock", { time: clock.format(at), zone: zoneWords });
}

/** "Harbour View Hotel's day closes at 00:00 HST, stored after", or that it closed and is not stored. */
export function describePending(property: PendingProperty, t: ReportWords, format: Formatter): string {
  if (property.closesAt === null || property.zone === null) return t("dayChoice.notStored", { name: property.name });
  const values = {
    name: property.name,
    // "Seaside Suites' day", "Harbour View Hotel's day": a language that writes no possessive ignores it.
    possessive: /s$/i.test(property.name) ? "s" : "other",
    time: timeInZone(property.closesAt, property.zone, t, format),
  };
  return property.closed ? t("dayChoice.closed", values) : t("dayChoice.closes", values);
}

/** What a day covers of the person's properties, in a picker's option: "2 of 2 properties", "1 of 2 — …". */
export function coverageLabel(
  covered: number,
  pending: readonly PendingProperty[],
  t: ReportWords,
  format: Formatter,
): string {
  const total = covered + pending.length;
  const count = t("dayChoice.covered", { covered, total });
  if (pending.length === 0) return count;
  if (pending.length <= 2)
    return t("dayChoice.withDetail", {
      count,
      detail: pending.map((property) => describePending(property, t, format)).join("; "),
    });
  const open = pending.filter((property) => !property.closed).length;
  return open > 0
    ? t("dayChoice.stillToClose", { count, open })
    : t("dayChoice.notStoredCount", { count, pending: pending.length });
}

/** A day as the picker offers it. */
export interface DayChoice {
  date: string;
  pulledAt: string;
  /** "Wed 25 Nov — 1 of 2 properties — Harbour View Hotel's day closes at 00:00 HST, stored after". */
  label: string;
}

const weekdayDays = new Map<string, Intl.DateTimeFormat>();

/** "Wed, Nov 25": a picker's options stay short enough to read on a phone. */
function weekdayDay(date: string, format: Formatter): string {
  let shape = weekdayDays.get(format.habits.region);
  if (!shape) {
    shape = new Intl.DateTimeFormat(format.habits.region, {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    weekdayDays.set(format.habits.region, shape);
  }
  return shape.format(new Date(`${date}T00:00:00Z`));
}

/** The label of a stored day in the picker: its date, then what it covers when the person has properties. */
export function dayChoiceLabel(
  date: string,
  covered: number | null,
  pending: readonly PendingProperty[],
  t: ReportWords,
  format: Formatter,
): string {
  const day = weekdayDay(date, format);
  return covered === null
    ? t("dayChoice.storedCopy", { day })
    : t("dayChoice.dayCovers", { day, coverage: coverageLabel(covered, pending, t, format) });
}

/** The one-line sentence a page gives a day that covers none of what the person asked for. */
export function notStoredSentence(
  day: string,
  pending: readonly PendingProperty[],
  t: ReportWords,
  format: Formatter,
): string {
  const when = pending.map((property) => describePending(property, t, format)).join("; ");
  const values = {
    day: format.shortDay(day),
    one: pending.length === 1 ? "one" : "other",
    name: pending[0]?.name ?? "",
  };
  return when ? t("dayChoice.dayNotStoredWhen", { ...values, when }) : t("dayChoice.dayNotStored", values);
}

/** The picker's first option: the person's yesterday, "Yesterday, Tue, Nov 24 — live". */
export function liveDayLabel(date: string, t: ReportWords, format: Formatter): string {
  return t("dayChoice.live", { day: weekdayDay(date, format) });
}

/**
 * Where an empty list was looked for, in its title, with its preposition ("at Harbour View"): the
 * property filtered to, else the person's properties the day holds when it does not hold them all
 * (the others are not stored, not empty).
 */
export function emptyListPlace(
  propertyName: string | undefined,
  coverage: StoredCoverage | undefined,
  t: ReportWords,
): string {
  if (propertyName) return t("emptyList.at", { place: propertyName });
  const pending = coverage?.pending?.length ?? coverage?.missing.length ?? 0;
  if (!coverage || pending === 0) return t("emptyList.yours");
  const covered = coverage.covered;
  return covered.length <= 3
    ? t("emptyList.at", { place: covered.join(", ") })
    : t("emptyList.stored", { count: covered.length });
}

/** "yesterday" for the day as Daybook holds it; "on Nov 24" for a day picked from the history. */
export function emptyListDay(day: string | undefined, t: ReportWords, format: Formatter): string {
  return day ? t("emptyList.on", { day: format.shortDay(day) }) : t("emptyList.yesterday");
}
