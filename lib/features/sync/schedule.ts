/**
 * When the daily pull is due, and which local day each property's part of an answer belongs to.
 *
 * The API reports each property's own previous local day, so one answer can hold several days: a
 * group reaching from Honolulu (UTC−10) to Kiritimati (UTC+14) never has a moment when every
 * property reports the same day. Daybook therefore keeps each property's day on its own: a pull
 * stores, for every property, the day that property reported, unless that day is already stored.
 * Pulled once a day, just after the westernmost property's day has closed (plus a grace period for
 * the API to compute it), every property's every day is stored exactly once: a property east of the
 * date line gets its next day from the same pull, and its earlier one came from the day before.
 *
 * Pure: the caller reads the properties, their zones and what is stored from the database.
 */
import { addDays } from "@/lib/core/days";
import {
  coverageKey,
  isKnownZone,
  reportedDayOf,
  startOfLocalDay,
  type PropertyZones,
} from "@/lib/features/history/property-days";
import type { GuestsReport } from "@/lib/features/reports/types";

export type { PropertyZones } from "@/lib/features/history/property-days";

export interface ScheduleInput {
  now: Date;
  /** The properties the key reaches; a name whose zone is unknown (no arrival seen yet) is left out. */
  properties: readonly PropertyZones[];
  graceMinutes: number;
  /** `coverageKey(day, name)` of each property day stored for every endpoint the key reaches. */
  covered: ReadonlySet<string>;
  /** When the last pull started: used only while no zone is known. */
  lastPullAt: Date | null;
}

/**
 * Why a pull is due or not, as the Sync screen words it (keys under `sync.why` in the catalogue);
 * `reason` says the same in English for the log.
 */
export type PullWhy =
  | { key: "noZoneNow" }
  | { key: "noZoneHourly" }
  | { key: "westernClosed"; day: string }
  | { key: "everyProperty"; day: string }
  | { key: "lastChance"; property: string; day: string }
  | { key: "waiting"; day: string; minutes: number }
  | { key: "next"; day: string; next: string }
  | { key: "refused"; codes: string }
  | { key: "retry"; day: string };

export type PullDecision =
  | { due: true; day: string | null; reason: string; why: PullWhy }
  | { due: false; day: string | null; nextAt: Date; reason: string; why: PullWhy };

/** With no zone known there is no window to wait for: pull, but not more than once an hour. */
export const NO_ZONE_RETRY_MS = 60 * 60_000;

/** A property day about to leave the API unstored is pulled this long before it does. */
export const LAST_CHANCE_MS = 60 * 60_000;

interface PropertyState {
  name: string;
  /** The day the API reports for it now. */
  day: string;
  /** When that day closed in its last zone, plus grace: from then on the API has computed it. */
  readyAt: number;
  ready: boolean;
  /** When the API stops reporting `day`: the first of its zones reaches the next midnight. */
  leavesAt: number;
  /** When its next day is ready: the last of its zones reaches the next midnight, plus grace. */
  nextReadyAt: number;
}

function stateOf(property: PropertyZones, now: Date, graceMs: number): PropertyState | null {
  const zones = [...new Set(property.zones)].filter(isKnownZone);
  const day = reportedDayOf(zones, now);
  if (day === null) return null;
  const readyAt = Math.max(...zones.map((zone) => startOfLocalDay(addDays(day, 1), zone).getTime())) + graceMs;
  const next = addDays(day, 2);
  return {
    name: property.name,
    day,
    readyAt,
    ready: now.getTime() >= readyAt,
    leavesAt: Math.min(...zones.map((zone) => startOfLocalDay(next, zone).getTime())),
    nextReadyAt: Math.max(...zones.map((zone) => startOfLocalDay(next, zone).getTime())) + graceMs,
  };
}

/**
 * Due once the westernmost properties' day has closed (plus grace) while some property's reported
 * day is not stored; or when a property's unstored day is within LAST_CHANCE_MS of leaving the API
 * (daylight saving can shorten a day). Otherwise says when that will next be true.
 */
export function decidePull(input: ScheduleInput): PullDecision {
  const { now, graceMinutes, covered, lastPullAt } = input;
  const states = input.properties.flatMap((property) => stateOf(property, now, graceMinutes * 60_000) ?? []);
  if (states.length === 0) {
    if (!lastPullAt || now.getTime() - lastPullAt.getTime() >= NO_ZONE_RETRY_MS) {
      return {
        due: true,
        day: null,
        reason: "No property time zone is known yet, so Daybook pulls now to learn them.",
        why: { key: "noZoneNow" },
      };
    }
    return {
      due: false,
      day: null,
      nextAt: new Date(lastPullAt.getTime() + NO_ZONE_RETRY_MS),
      reason: "No property time zone is known yet (no guest arrival stored), so Daybook pulls once an hour.",
      why: { key: "noZoneHourly" },
    };
  }

  // The oldest day any property reports: the westernmost properties'.
  const oldest = states.map((state) => state.day).sort()[0]!;
  const western = states.filter((state) => state.day === oldest);
  const pending = states.filter((state) => state.ready && !covered.has(coverageKey(state.day, state.name)));
  const spansDays = states.some((state) => state.day !== oldest);

  // The westernmost day is pulled once all of it is ready; once stored, when all of the next one is.
  const waiting = western.filter((state) => !state.ready);
  const westernDue = waiting.length === 0 && pending.some((state) => state.day === oldest);
  const regularAt = westernDue
    ? now.getTime()
    : waiting.length
      ? Math.max(...waiting.map((state) => state.readyAt))
      : Math.max(...western.map((state) => state.nextReadyAt));
  if (westernDue) {
    return {
      due: true,
      day: oldest,
      reason: spansDays
        ? `${oldest} has closed at the westernmost properties; each property's own reported day is stored (the properties' zones span more than one day).`
        : `Every property reports ${oldest}, and it is not stored for every report yet.`,
      why: { key: spansDays ? "westernClosed" : "everyProperty", day: oldest },
    };
  }
  // A day the regular pull would come too late for is pulled in its last hour at the API.
  const missed = pending.filter((state) => state.leavesAt <= regularAt);
  const lastChance = missed.find((state) => state.leavesAt - now.getTime() <= LAST_CHANCE_MS);
  if (lastChance) {
    return {
      due: true,
      day: lastChance.day,
      reason: `${lastChance.name}'s ${lastChance.day} is not stored and the API reports it for less than an hour more.`,
      why: { key: "lastChance", property: lastChance.name, day: lastChance.day },
    };
  }

  const nextAt = new Date(Math.min(regularAt, ...missed.map((state) => state.leavesAt - LAST_CHANCE_MS)));
  if (waiting.length > 0) {
    return {
      due: false,
      day: oldest,
      nextAt,
      reason: `${oldest} is pulled once every property's day has closed and ${graceMinutes} minutes have passed.`,
      why: { key: "waiting", day: oldest, minutes: graceMinutes },
    };
  }
  const following = addDays(oldest, 1);
  return {
    due: false,
    day: following,
    nextAt,
    reason: `${oldest} is stored; ${following} is next.`,
    why: { key: "next", day: oldest, next: following },
  };
}

/** The zones a guests answer names, to add to those of the stored days. */
export function zonesOf(report: GuestsReport | undefined): string[] {
  return report ? [...new Set(report.items.map((item) => item.propertyTimeZone))] : [];
}
