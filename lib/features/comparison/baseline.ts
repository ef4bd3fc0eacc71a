/**
 * Daybook's own comparison with the day before, from its stored copy of that day. The API gives a
 * change only on headline figures, and none (null) for a group in several time zones or for a
 * person who sees part of the group; its rows carry none at all. Whatever Daybook computes is
 * labelled as Daybook's, never passed off as the API's.
 */

import { formatShortDay } from "@/lib/core/format";
import { describeChange, percentChange } from "@/lib/features/overview/figures";

export { percentChange };

export type RowChange =
  | { kind: "change"; percent: number }
  /** Daybook holds no stored copy of the day before. */
  | { kind: "no-stored-day" }
  /** The stored day before has no row for this property. */
  | { kind: "not-in-day-before" }
  /** The day before counted 0: a percentage of nothing does not exist. */
  | { kind: "no-base"; today: number }
  /** Scans were not recorded on one of the two days (the rows' 0s there are not counts). */
  | { kind: "not-recorded" };

export function rowChange(
  today: number | null,
  before: number | null | undefined,
  dayBeforeStored: boolean,
  beforeRecorded = true,
): RowChange {
  if (today === null) return { kind: "not-recorded" };
  if (!dayBeforeStored) return { kind: "no-stored-day" };
  if (!beforeRecorded) return { kind: "not-recorded" };
  if (before === null || before === undefined) return { kind: "not-in-day-before" };
  const percent = percentChange(today, before);
  return percent === null ? { kind: "no-base", today } : { kind: "change", percent };
}

/** The figure a sortable column holds: only a real percentage; every other state sorts last. */
export function rowChangeValue(change: RowChange): number | null {
  return change.kind === "change" ? change.percent : null;
}

const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "Up 12.5 %", "Down 3 %", "No change"; never a bare 0 %. */
export function describePercent(percent: number): string {
  const amount = upToOneDecimal.format(Math.abs(percent));
  if (amount === "0") return "No change";
  return percent > 0 ? `Up ${amount} %` : `Down ${amount} %`;
}

/** A row's change in a table cell whose column says what it is compared with. */
export function describeRowChange(change: RowChange, dayBefore: string): string {
  switch (change.kind) {
    case "change":
      return describePercent(change.percent);
    case "no-stored-day":
      return "No stored day before";
    case "not-in-day-before":
      return `Not in the stored ${formatShortDay(dayBefore)}`;
    case "not-recorded":
      return "Scans not recorded";
    case "no-base":
      return change.today === 0 ? "No scans either day" : `No scans on ${formatShortDay(dayBefore)}, so no percentage`;
  }
}

/** The label every figure Daybook computed carries: "vs stored Nov 21, computed by Daybook". */
export function daybookBaselineLabel(dayBefore: string): string {
  return `vs stored ${formatShortDay(dayBefore)}, computed by Daybook`;
}

export type HeadlineChange =
  | { source: "api"; percent: number; words: string }
  | { source: "daybook"; percent: number; dayBefore: string; words: string }
  | { source: "none"; words: string };

/**
 * The change of one headline figure: the API's when it gives one; otherwise Daybook's from the
 * stored day before (`before` undefined: that day is not stored); otherwise why there is none.
 */
export function headlineChange(
  today: { value: number | null; changePercent: number | null },
  before: { value: number | null } | undefined,
  dayBefore: string,
): HeadlineChange {
  if (today.changePercent !== null && Number.isFinite(today.changePercent)) {
    return {
      source: "api",
      percent: today.changePercent,
      words: `${describeChange(today.changePercent).words} (the API's figure)`,
    };
  }
  const none = (why: string): HeadlineChange => ({
    source: "none",
    words: `No comparable baseline from the API; ${why}`,
  });
  if (before === undefined) return none("no stored day before");
  if (today.value === null) return none("not recorded, so Daybook cannot compare either");
  if (before.value === null) return none(`not recorded on the stored ${formatShortDay(dayBefore)}`);
  const percent = percentChange(today.value, before.value);
  if (percent === null) return none(`0 on the stored ${formatShortDay(dayBefore)}, so no percentage`);
  return {
    source: "daybook",
    percent,
    dayBefore,
    words: `${describePercent(percent)} ${daybookBaselineLabel(dayBefore)}`,
  };
}
