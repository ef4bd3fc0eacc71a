/**
 * Daybook's own comparison with the day before, from its stored copy of that day. The API gives a
 * change only on headline figures, and none (null) for a group in several time zones or for a
 * person who sees part of the group; its rows carry none at all. Whatever Daybook computes is
 * labelled as Daybook's, never passed off as the API's.
 */

import { formatShortDay, type Formatter } from "@/lib/core/format";
import { describeApiChange, roundsToNothing } from "@/lib/features/overview/figure-words";
import { percentChange } from "@/lib/features/overview/figures";
import type { Translate } from "@/lib/features/overview/words";

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

// describePercent, describeRowChange and daybookBaselineLabel write the CSV's cells and column, which
// stay in English; the screen words the same with the `…In` functions below.
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
  | { source: "api"; percent: number }
  | { source: "daybook"; percent: number; dayBefore: string }
  | { source: "none"; why: NoHeadlineChange; dayBefore: string };

/** Why a headline figure has no change at all. */
export type NoHeadlineChange = "noStoredDay" | "notRecordedToday" | "notRecordedBefore" | "zeroBefore";

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
    return { source: "api", percent: today.changePercent };
  }
  const none = (why: NoHeadlineChange): HeadlineChange => ({ source: "none", why, dayBefore });
  if (before === undefined) return none("noStoredDay");
  if (today.value === null) return none("notRecordedToday");
  if (before.value === null) return none("notRecordedBefore");
  const percent = percentChange(today.value, before.value);
  if (percent === null) return none("zeroBefore");
  return { source: "daybook", percent, dayBefore };
}

/** The keys of the `properties.change` catalogue the screen's changes need. */
export type ChangeKey =
  | "up"
  | "down"
  | "same"
  | "noStoredDay"
  | "notInDayBefore"
  | "notRecorded"
  | "noScansEither"
  | "noScansBefore"
  | "daybookLabel"
  | "headlineApi"
  | "headlineDaybook"
  | "headlineNone";

/** "Up 12.5 %", "Down 3 %", "No change"; never a bare 0 %. `t`: `useTranslations("properties.change")`. */
export function describePercentIn(t: Translate<ChangeKey>, format: Formatter, percent: number): string {
  if (roundsToNothing(percent)) return t("same");
  const amount = format.number(Math.abs(percent), { maximumFractionDigits: 1 });
  return t(percent > 0 ? "up" : "down", { amount });
}

/** A row's change in a table cell whose column says what it is compared with. */
export function describeRowChangeIn(
  t: Translate<ChangeKey>,
  format: Formatter,
  change: RowChange,
  dayBefore: string,
): string {
  switch (change.kind) {
    case "change":
      return describePercentIn(t, format, change.percent);
    case "no-stored-day":
      return t("noStoredDay");
    case "not-in-day-before":
      return t("notInDayBefore", { day: format.shortDay(dayBefore) });
    case "not-recorded":
      return t("notRecorded");
    case "no-base":
      return change.today === 0 ? t("noScansEither") : t("noScansBefore", { day: format.shortDay(dayBefore) });
  }
}

/** The label every figure Daybook computed carries: "vs stored Nov 21, computed by Daybook". */
export function daybookBaselineLabelIn(t: Translate<ChangeKey>, format: Formatter, dayBefore: string): string {
  return t("daybookLabel", { day: format.shortDay(dayBefore) });
}

/**
 * A headline figure's change in words: "Up 5 % on the day before (the API's figure)", "Up 12.5 %
 * vs stored Nov 21, computed by Daybook", or why there is none. `api`: `useTranslations("overview.change")`.
 */
export function describeHeadlineChange(
  t: Translate<ChangeKey>,
  api: Translate<"up" | "down" | "same" | "none">,
  format: Formatter,
  change: HeadlineChange,
): string {
  switch (change.source) {
    case "api":
      return t("headlineApi", { change: describeApiChange(api, format, change.percent).words });
    case "daybook":
      return t("headlineDaybook", {
        change: describePercentIn(t, format, change.percent),
        label: daybookBaselineLabelIn(t, format, change.dayBefore),
      });
    case "none":
      return t("headlineNone", { why: change.why, day: format.shortDay(change.dayBefore) });
  }
}
