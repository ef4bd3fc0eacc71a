import type { ArrivalSource } from "../reports/types";
import type { Property } from "./properties";

/**
 * One clearly unusual day for the dashboard's "unusual days" to find: Harbour View Hotel's kiosks
 * are down now and then, and the desk types most guests in, so manual entry runs at about 45 %
 * where it is usually 12–28 %.
 *
 * A day's data stays a pure function of (seed, property, local date): the outage falls on a fixed
 * calendar rhythm, every OUTAGE_PERIOD days, never on a day chosen by the clock (Daybook pulls each
 * day as "yesterday", so a day placed relative to the clock would never be the one pulled). Every
 * 16 days means any 30 consecutive days hold one outage with at least 14 days before it (the
 * history Daybook needs to judge a day), and one more at most, too early in those days to judge.
 * The phase puts one on 2026-11-17: five days before the newest stored day of the e2e suite's
 * history (its clock is 2026-11-23, so its newest day is 2026-11-22).
 */

export const OUTAGE_PROPERTY_ID = "harbour-view";
export const OUTAGE_PERIOD = 16;
const OUTAGE_ANCHOR = "2026-11-17";

const DAY_MS = 86_400_000;

function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Whether a local date is one of the property's kiosk outages. */
export function isKioskOutage(property: Pick<Property, "id">, date: string): boolean {
  if (property.id !== OUTAGE_PROPERTY_ID) return false;
  const offset = epochDay(date) - epochDay(OUTAGE_ANCHOR);
  return ((offset % OUTAGE_PERIOD) + OUTAGE_PERIOD) % OUTAGE_PERIOD === 0;
}

/** The outage days in [from, to] (YYYY-MM-DD, inclusive), oldest first: for tests that look for them. */
export function kioskOutagesBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = epochDay(from); day <= epochDay(to); day++) {
    const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isKioskOutage({ id: OUTAGE_PROPERTY_ID }, date)) days.push(date);
  }
  return days;
}

/** Sources on an outage day: about 45 % typed in by staff, where 20 % is the usual mean. */
export const OUTAGE_SOURCE_WEIGHTS: Readonly<Record<ArrivalSource, number>> = {
  scan: 55,
  "scan manual entry": 27,
  "manual entry": 18,
};
