/**
 * When a person's digest goes out. "Yesterday" is the day before today in the person's zone; the
 * digest waits for their hour there and for the day's pull of their properties. A pull that is late
 * past the wait window does not hold the digest back for good: it goes out saying what is missing.
 * Pure, so each edge is unit-tested.
 */
import { addDays } from "@/lib/core/days";
import { localDay, startOfLocalDay } from "@/lib/features/history/property-days";

export type DigestDecision =
  { send: true; complete: boolean } | { send: false; reason: "before-hour" | "waiting-for-pull" };

/** The day a morning's mail speaks of: yesterday in `zone`. */
export function yesterdayIn(now: Date, zone: string): string {
  return addDays(localDay(now, zone), -1);
}

/** Hours since local midnight in `zone` (real elapsed hours, so a DST morning is counted as lived). */
export function localHours(now: Date, zone: string): number {
  return (now.getTime() - startOfLocalDay(localDay(now, zone), zone).getTime()) / 3_600_000;
}

export function decideDigest(input: {
  now: Date;
  zone: string;
  hour: number;
  /** False in the demo: the digest goes out as soon as the day is stored. */
  waitForHour: boolean;
  waitForPullHours: number;
  /** The day's pull has stored every one of the person's properties. */
  stored: boolean;
}): DigestDecision {
  const hours = localHours(input.now, input.zone);
  if (input.waitForHour && hours < input.hour) return { send: false, reason: "before-hour" };
  if (input.stored) return { send: true, complete: true };
  if (input.waitForHour && hours >= input.hour + input.waitForPullHours) return { send: true, complete: false };
  return { send: false, reason: "waiting-for-pull" };
}

/** The wait before attempt `attempts + 1` after a temporary refusal: doubling from `baseSeconds`, at most an hour. */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}
