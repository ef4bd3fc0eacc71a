/**
 * The Overview's figures in the person's language and formats. Each view model takes a translator
 * of the `overview` catalogue (see ./words.ts) and the person's Formatter (lib/core/format.ts), so
 * the same words come out of a client component, a server component and a test. figures.ts keeps
 * the figures themselves.
 */

import type { Formatter } from "@/lib/core/format";

import { ALL_TILES, type ChangeDirection, type RowColumn, type SumCheck } from "./figures";
import { capitalized, joinNames, type Translate } from "./words";

/** Counts, shares and rates as a table or a tile shows them. */
export interface FigureFormat {
  /** A count; null is "Not recorded", never 0. */
  value(value: number | null): string;
  /** A share in percent, one decimal: "12.5 %"; null (no scans) is "—". */
  share(share: number | null): string;
  /** A rate per 100 scans, one decimal: "3.0"; null (no scans) is "—". */
  rate(rate: number | null): string;
}

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** `t`: `useTranslations("overview.figures")`. */
export function figureFormat(format: Formatter, t: Translate<"notRecorded" | "share">): FigureFormat {
  return {
    value: (value) => (value === null ? t("notRecorded") : format.number(value)),
    share: (share) => (share === null ? "—" : t("share", { value: format.number(share, ONE_DECIMAL) })),
    rate: (rate) => (rate === null ? "—" : format.number(rate, ONE_DECIMAL)),
  };
}

/** A figure that rounds to nothing at one decimal: never written as a change of 0 %. */
export const roundsToNothing = (value: number) => Math.round(Math.abs(value) * 10) === 0;

/**
 * The API's movement against the day before, in words; null is "No comparable baseline", never
 * 0 %. `t`: `useTranslations("overview.change")`.
 */
export function describeApiChange(
  t: Translate<ChangeDirection>,
  format: Formatter,
  changePercent: number | null,
): { direction: ChangeDirection; words: string } {
  if (changePercent === null || !Number.isFinite(changePercent)) return { direction: "none", words: t("none") };
  if (roundsToNothing(changePercent)) return { direction: "same", words: t("same") };
  const amount = format.number(Math.abs(changePercent), { maximumFractionDigits: 1 });
  const direction = changePercent > 0 ? "up" : "down";
  return { direction, words: t(direction, { amount }) };
}

/** The keys of the `overview` catalogue a tile's name needs. */
export type TileNameKey = `tiles.name.${RowColumn}`;

/** "Local warnings", "Age warnings and local warnings": figures named in one phrase, as a sentence starts. */
function tileNames(t: Translate<TileNameKey | "figures.and">, columns: Iterable<RowColumn>): string {
  const wanted = new Set(columns);
  const names = ALL_TILES.filter((tile) => wanted.has(tile.column)).map((tile) =>
    t(`tiles.name.${tile.column}`).toLowerCase(),
  );
  return capitalized(joinNames(names, (head, last) => t("figures.and", { head, last })));
}

/**
 * Under a table of rows from a day with a figure not recorded: why the cells say so. Null when
 * every figure was recorded. `t`: `useTranslations("overview")`.
 */
export function unrecordedNoteIn(
  t: Translate<TileNameKey | "figures.and" | "notes.unrecorded">,
  unrecorded: Iterable<RowColumn>,
): string | null {
  const columns = [...unrecorded];
  if (columns.length === 0) return null;
  return t("notes.unrecorded", { names: tileNames(t, columns) });
}

/** "Ban-match alerts: the rows add up to 5, the headline figure is 6." `t`: `useTranslations("overview")`. */
export function describeMismatchIn(
  t: Translate<TileNameKey | "sumCheck.mismatch">,
  figures: FigureFormat,
  check: SumCheck,
): string {
  return t("sumCheck.mismatch", {
    name: t(`tiles.name.${check.tile.column}`),
    sum: figures.value(check.sum),
    headline: figures.value(check.headline),
  });
}

/** One sentence on the whole check; a headline that is not recorded is named, not compared. */
export function describeSumCheckIn(
  t: Translate<TileNameKey | "sumCheck.all" | "sumCheck.differ" | "sumCheck.notChecked">,
  checks: readonly SumCheck[],
): string {
  const differing = checks.filter((check) => check.state === "differs").length;
  const unrecorded = checks
    .filter((check) => check.state === "not-recorded")
    .map((check) => t(`tiles.name.${check.tile.column}`).toLowerCase());
  const main = differing === 0 ? t("sumCheck.all") : t("sumCheck.differ", { count: differing });
  return unrecorded.length === 0 ? main : t("sumCheck.notChecked", { main, names: unrecorded.join(", ") });
}

/**
 * When the figures were generated against when they were requested, in whole hours and minutes;
 * "" for times that cannot be read. `t`: `useTranslations("overview.gap")`.
 */
export function describeGapIn(
  t: Translate<"after" | "before" | "hours" | "minutes">,
  generatedAt: string,
  requestedAt: string,
): string {
  const minutes = Math.round((Date.parse(requestedAt) - Date.parse(generatedAt)) / 60_000);
  if (!Number.isFinite(minutes)) return "";
  const size = Math.abs(minutes);
  const hours = Math.floor(size / 60);
  const span = hours > 0 ? t("hours", { hours, minutes: size % 60 }) : t("minutes", { minutes: size % 60 });
  return minutes >= 0 ? t("after", { span }) : t("before", { span });
}

const compactDay = new Map<string, Intl.DateTimeFormat>();

/**
 * "Mon 23 Nov", "lun. 23 nov.": a calendar day the way Daybook's comparisons name the day they
 * compare with, short enough for a tile. An English region writes it day before month, as Daybook
 * always has (the US order would read "Mon, Nov 23"); any other region in its own order and words.
 */
export function formatBaselineDayIn(format: Formatter, day: string): string {
  const english = format.habits.region.startsWith("en-");
  const locale = english ? "en-GB" : format.habits.region;
  let compact = compactDay.get(locale);
  if (!compact) {
    compact = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
    compactDay.set(locale, compact);
  }
  const text = compact.format(new Date(`${day}T00:00:00Z`));
  return english ? text.replace(",", "") : text;
}

const readClock = new Map<string, Intl.DateTimeFormat>();

/**
 * "11:30 UTC", "11 h 30 UTC": when Daybook read a report, a time of its own, in the person's zone
 * (UTC unless they chose one), named, in the region's way of writing a time. On the 24-hour clock
 * whatever the person's clock, as the API's own times beside it are.
 */
export function formatReadTimeIn(format: Formatter, instant: string): string {
  const { region } = format.habits;
  const zone = format.eventZone;
  let clock = readClock.get(`${region}|${zone}`);
  if (!clock) {
    clock = new Intl.DateTimeFormat(region, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });
    readClock.set(`${region}|${zone}`, clock);
  }
  return `${clock.format(new Date(instant))} ${zone === "UTC" ? "UTC" : format.zoneName(instant, zone)}`;
}
