import { addDays, localDateAt } from "../data/local-time";
import type { Property } from "../data/properties";

/** A property together with the local day it reports at a given instant. */
export interface CoveredProperty {
  readonly property: Property;
  readonly reportedDate: string;
}

/** Each property's "yesterday" is resolved in its own zone, never in a shared UTC window. */
export function reportedDateOf(property: Property, nowMs: number): string {
  return addDays(localDateAt(nowMs, property.timeZone), -1);
}

export function cover(properties: readonly Property[], nowMs: number): CoveredProperty[] {
  return properties.map((property) => ({ property, reportedDate: reportedDateOf(property, nowMs) }));
}

/**
 * The contract has one top-level reportedDateLocal even when properties straddle a date line:
 * the simulator reports the day most covered properties share, ties going to the later day.
 */
export function dominantReportedDate(covered: readonly CoveredProperty[]): string {
  const tally = new Map<string, number>();
  for (const { reportedDate } of covered) tally.set(reportedDate, (tally.get(reportedDate) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [date, count] of tally) {
    if (count > bestCount || (count === bestCount && best !== null && date > best)) {
      best = date;
      bestCount = count;
    }
  }
  if (best === null) throw new Error("no covered properties");
  return best;
}
