/**
 * Which days a person can open, and what each covers of their properties. A day is stored property
 * by property, each from the first pull after its local day closed there: the days offered are those
 * on which at least one of the person's own properties is stored, and each says how many of them it
 * covers and when the others' day closes. A property whose day is not stored is never shown as a
 * property without arrivals. Pure.
 */

import { addDays } from "@/lib/core/days";
import { formatShortDay, zoneName } from "@/lib/core/format";
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

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "00:00 HST"; a zone whose short name is only an offset is named by its place: "00:00 Asia/Tokyo time". */
export function timeInZone(instant: string | Date, zone: string): string {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clocks.set(zone, clock);
  }
  const at = new Date(instant);
  const name = zoneName(at.toISOString(), zone);
  return `${clock.format(at)} ${name === zone && zone.includes("/") ? `${zone} time` : name}`;
}

/** "Harbour View Hotel's day closes at 00:00 HST, stored after", or that it closed and is not stored. */
export function describePending(property: PendingProperty): string {
  if (property.closesAt === null || property.zone === null) return `${property.name}: not stored`;
  const at = timeInZone(property.closesAt, property.zone);
  // "Seaside Suites' day", "Harbour View Hotel's day".
  const whose = /s$/i.test(property.name) ? `${property.name}'` : `${property.name}'s`;
  return property.closed
    ? `${whose} day closed at ${at}, not stored yet`
    : `${whose} day closes at ${at}, stored after`;
}

/** What a day covers of the person's properties, in a picker's option: "2 of 2 properties", "1 of 2 — …". */
export function coverageLabel(covered: number, pending: readonly PendingProperty[]): string {
  const total = covered + pending.length;
  const count = `${covered} of ${total} ${total === 1 ? "property" : "properties"}`;
  if (pending.length === 0) return count;
  if (pending.length <= 2) return `${count} — ${pending.map(describePending).join("; ")}`;
  const open = pending.filter((property) => !property.closed).length;
  return open > 0 ? `${count} — ${open} still to close, stored after` : `${count} — ${pending.length} not stored`;
}

/** A day as the picker offers it. */
export interface DayChoice {
  date: string;
  pulledAt: string;
  /** "Wed 25 Nov — 1 of 2 properties — Harbour View Hotel's day closes at 00:00 HST, stored after". */
  label: string;
}

/** "Wed, Nov 25": a picker's options stay short enough to read on a phone. */
const weekdayDay = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** The label of a stored day in the picker: its date, then what it covers when the person has properties. */
export function dayChoiceLabel(date: string, covered: number | null, pending: readonly PendingProperty[]): string {
  const name = weekdayDay.format(new Date(`${date}T00:00:00Z`));
  return covered === null ? `${name} — stored copy` : `${name} — ${coverageLabel(covered, pending)}`;
}

/** The one-line sentence a page gives a day that covers none of what the person asked for. */
export function notStoredSentence(day: string, pending: readonly PendingProperty[]): string {
  const when = pending.map(describePending).join("; ");
  return `${formatShortDay(day)} is not stored yet for ${pending.length === 1 ? pending[0]!.name : "your properties"}${when ? ` (${when})` : ""}: a property's day is stored from the first pull after it closes there.`;
}

/** The picker's first option: the person's yesterday, "Yesterday, Tue, Nov 24 — live". */
export function liveDayLabel(date: string): string {
  return `Yesterday, ${weekdayDay.format(new Date(`${date}T00:00:00Z`))} — live`;
}

/**
 * Where an empty list was looked for, in its title: the property filtered to, else the person's
 * properties the day holds when it does not hold them all (the others are not stored, not empty).
 */
export function emptyListPlace(propertyName: string | undefined, coverage: StoredCoverage | undefined): string {
  if (propertyName) return propertyName;
  const pending = coverage?.pending?.length ?? coverage?.missing.length ?? 0;
  if (!coverage || pending === 0) return "your properties";
  const covered = coverage.covered;
  return covered.length <= 3 ? covered.join(", ") : `the ${covered.length} of your properties stored`;
}

/** "yesterday" for the day as Daybook holds it; "on Nov 24" for a day picked from the history. */
export function emptyListDay(day: string | undefined): string {
  return day ? `on ${formatShortDay(day)}` : "yesterday";
}
