/**
 * The Overview's headline changes. The API's own changePercent is shown where it applies: the
 * person sees the whole group and the API gave one. Everywhere else Daybook compares the shown day
 * with its stored copy of the day before, for the same properties, and says that it did: "+4 vs
 * Mon 23 Nov, stored". Only where neither exists is there "No comparable baseline", and why is
 * said once per block, never on every tile. Pure and isomorphic.
 *
 * "The same properties": the person's visible properties present on both days. A property that
 * joined the person's access (or the group) on the shown day has no day before to move from, so
 * both days are summed over the properties they share, and the page says how many that is.
 */

import type { Formatter } from "@/lib/core/format";
import { identifyRows } from "@/lib/core/property-names";
import type { Metric, ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";

import { describeApiChange, formatBaselineDayIn, roundsToNothing } from "./figure-words";
import {
  describeChange,
  metricOf,
  percentChange,
  type BaselineReason,
  type Block,
  type ChangeDirection,
  type RowColumn,
  type TileSpec,
} from "./figures";
import type { Translate } from "./words";

type Figures = Pick<ScopedUsageReport, "totals" | "alerts" | "warnings" | "byProperty">;

/** The stored day before as the person may see it (already cut to their properties). */
export interface StoredDayBefore {
  day: string;
  report: Figures;
}

/** `words`: in English, as the mail's digest still reads them; screens word a change with `describeTileChange`. */
export type TileChange =
  | { source: "api"; direction: ChangeDirection; words: string; percent: number }
  | { source: "daybook"; direction: ChangeDirection; words: string; difference: number; percent: number | null }
  | { source: "none"; direction: "none"; words: string; reason: NoBaselineReason };

export type NoBaselineReason = "no-stored-day" | "not-recorded";

export interface OverviewBaseline {
  /** The day before the shown day, whether or not Daybook stored it. */
  dayBefore: string;
  dayBeforeStored: boolean;
  /** How many of the person's properties were compared when that is fewer than shown; else null. */
  comparedProperties: number | null;
  changes: Partial<Record<RowColumn, TileChange>>;
}

const dayLabelFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "Mon 23 Nov", in English (for the mail's digest); screens use `formatBaselineDayIn`. */
export function formatBaselineDay(day: string): string {
  return dayLabelFormat.format(new Date(`${day}T00:00:00Z`)).replace(",", "");
}

const countFormat = new Intl.NumberFormat("en-US");
const upToOneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

function signed(value: number, format: Intl.NumberFormat): string {
  const amount = format.format(Math.abs(value));
  if (amount === "0") return "0";
  return value > 0 ? `+${amount}` : `−${amount}`;
}

/** "+4 vs Mon 23 Nov, stored (+12.5 %)"; no percentage where the day before counted 0. In English (the mail's digest). */
export function describeStoredChange(difference: number, percent: number | null, dayBefore: string): string {
  const against = `vs ${formatBaselineDay(dayBefore)}, stored`;
  if (difference === 0) return `No change ${against}`;
  // A percentage that rounds to nothing is left out: a change is never shown as 0 %.
  const share =
    percent === null || signed(percent, upToOneDecimal) === "0" ? "" : ` (${signed(percent, upToOneDecimal)} %)`;
  return `${signed(difference, countFormat)} ${against}${share}`;
}

/**
 * A figure summed over the rows whose identity is in `keep`. Rows are bare integers, so a property
 * that does not record a figure reads 0: the sum stands only where the report's own figure is
 * recorded, or every kept row is above 0 (the rule the person's own figures follow).
 */
function figureOver(report: Figures, tile: TileSpec, keep: ReadonlySet<string>): number | null {
  const identified = identifyRows(report.byProperty);
  const kept = identified.filter((entry) => keep.has(entry.key)).map((entry) => entry.row);
  const headline = metricOf(report, tile);
  if (kept.length === identified.length) return headline.value;
  const values = kept.map((row: UsagePropertyRow) => row[tile.column]);
  const recorded = headline.value !== null || (kept.length > 0 && values.every((value) => value > 0));
  return recorded ? values.reduce((total, value) => total + value, 0) : null;
}

function keysOf(report: Figures): Set<string> {
  return new Set(identifyRows(report.byProperty).map((entry) => entry.key));
}

/** One tile's change: the API's where it applies, else Daybook's from the stored day before, else none. */
function tileChange(
  metric: Metric,
  narrowed: boolean,
  today: number | null,
  before: number | null | undefined,
  dayBefore: string,
): TileChange {
  if (!narrowed && metric.changePercent !== null && Number.isFinite(metric.changePercent)) {
    const change = describeChange(metric.changePercent);
    return { source: "api", direction: change.direction, words: change.words, percent: metric.changePercent };
  }
  const none = (reason: NoBaselineReason): TileChange => ({
    source: "none",
    direction: "none",
    words: "No comparable baseline",
    reason,
  });
  if (before === undefined) return none("no-stored-day");
  if (today === null || before === null) return none("not-recorded");
  const difference = today - before;
  const percent = percentChange(today, before);
  return {
    source: "daybook",
    direction: difference > 0 ? "up" : difference < 0 ? "down" : "same",
    words: describeStoredChange(difference, percent, dayBefore),
    difference,
    percent,
  };
}

export function overviewBaseline(
  report: Figures & Pick<ScopedUsageReport, "narrowed" | "reportedDateLocal">,
  tiles: readonly TileSpec[],
  dayBefore: string,
  stored: StoredDayBefore | null,
): OverviewBaseline {
  const todayKeys = keysOf(report);
  const beforeKeys = stored ? keysOf(stored.report) : new Set<string>();
  const shared = new Set([...todayKeys].filter((key) => beforeKeys.has(key)));
  // A stored day before that holds none of the shown properties is no day before for them.
  if (stored && shared.size === 0) stored = null;
  const changes: Partial<Record<RowColumn, TileChange>> = {};
  for (const tile of tiles) {
    const today = stored ? figureOver(report, tile, shared) : metricOf(report, tile).value;
    const before = stored ? figureOver(stored.report, tile, shared) : undefined;
    changes[tile.column] = tileChange(metricOf(report, tile), report.narrowed, today, before, dayBefore);
  }
  const daybookUsed = Object.values(changes).some((change) => change.source === "daybook");
  return {
    dayBefore,
    dayBeforeStored: stored !== null,
    comparedProperties: daybookUsed && shared.size < todayKeys.size ? shared.size : null,
    changes,
  };
}

/**
 * Why a block's tiles without a change have none: one sentence for the block, or null when every
 * tile has one. In English (the mail's digest); screens use `blockBaselineNoteIn`.
 */
export function blockBaselineNote(
  baseline: OverviewBaseline,
  tiles: readonly TileSpec[],
  /** Why the API gives none; null where the page already says it (the person sees part of the group). */
  apiReason: string | null,
): string | null {
  const missing = tiles.filter((tile) => baseline.changes[tile.column]?.source === "none");
  if (missing.length === 0) return null;
  const day = formatBaselineDay(baseline.dayBefore);
  const reasons = new Set(
    missing.map((tile) => (baseline.changes[tile.column] as { reason: NoBaselineReason }).reason),
  );
  const names = missing.length === tiles.length ? "" : ` (${missing.map((tile) => tile.label).join(", ")})`;
  if (reasons.has("no-stored-day"))
    return apiReason
      ? `No comparable baseline${names}: the API gives none here (${apiReason}), and Daybook has not stored ${day}.`
      : `No comparable baseline${names}: Daybook has not stored ${day}, the day before.`;
  return `No comparable baseline${names}: not recorded on the shown day or on ${day}, so there is nothing to compare.`;
}

/** The block a tile belongs to, for callers that group changes. */
export function tilesOf(tiles: readonly TileSpec[], block: Block): TileSpec[] {
  return tiles.filter((tile) => tile.block === block);
}

/** A number with its sign: "+4", "−1,200" (a minus, not a hyphen); "0" for nothing. */
function signedIn(format: Formatter, value: number, options?: Intl.NumberFormatOptions): string {
  const amount = format.number(Math.abs(value), options);
  if (value === 0) return amount;
  return value > 0 ? `+${amount}` : `−${amount}`;
}

/** The keys of the `overview` catalogue a tile's change needs. */
export type TileChangeKey = `change.${ChangeDirection | "stored" | "storedPercent" | "storedSame"}`;

/**
 * A tile's change in words: the API's ("Up 5 % on the day before"), Daybook's from its stored day
 * before ("+4 vs Mon 23 Nov, stored (+12.5 %)", no percentage of nothing, nor one that rounds to
 * 0 %), or "No comparable baseline". `t`: `useTranslations("overview")`.
 */
export function describeTileChange(
  t: Translate<TileChangeKey>,
  format: Formatter,
  change: TileChange,
  dayBefore: string,
): string {
  if (change.source === "none") return t("change.none");
  if (change.source === "api")
    return describeApiChange((key, values) => t(`change.${key}`, values), format, change.percent).words;
  const day = formatBaselineDayIn(format, dayBefore);
  if (change.difference === 0) return t("change.storedSame", { day });
  const difference = signedIn(format, change.difference);
  if (change.percent === null || roundsToNothing(change.percent)) return t("change.stored", { difference, day });
  const percent = signedIn(format, change.percent, { maximumFractionDigits: 1 });
  return t("change.storedPercent", { difference, day, percent });
}

/** The keys of the `overview` catalogue a block's note needs. */
export type BlockNoteKey =
  | `tiles.label.${RowColumn}`
  | `reason.${BaselineReason}`
  | `baselineNote.${"apiNotStored" | "notStored" | "notRecorded"}`;

/**
 * Why a block's tiles without a change have none, in one sentence, or null when every tile has
 * one. `apiReason`: why the API gives none; null where the page already says it (the person sees
 * part of the group). `t`: `useTranslations("overview")`.
 */
export function blockBaselineNoteIn(
  t: Translate<BlockNoteKey>,
  format: Formatter,
  baseline: OverviewBaseline,
  tiles: readonly TileSpec[],
  apiReason: BaselineReason | null,
): string | null {
  const missing = tiles.filter((tile) => baseline.changes[tile.column]?.source === "none");
  if (missing.length === 0) return null;
  const values = {
    day: formatBaselineDayIn(format, baseline.dayBefore),
    scope: missing.length === tiles.length ? "all" : "some",
    names: missing.map((tile) => t(`tiles.label.${tile.column}`)).join(", "),
  };
  const reasons = new Set(
    missing.map((tile) => (baseline.changes[tile.column] as { reason: NoBaselineReason }).reason),
  );
  if (!reasons.has("no-stored-day")) return t("baselineNote.notRecorded", values);
  return apiReason
    ? t("baselineNote.apiNotStored", { ...values, reason: t(`reason.${apiReason}`) })
    : t("baselineNote.notStored", values);
}
