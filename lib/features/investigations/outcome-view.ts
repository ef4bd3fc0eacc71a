/**
 * The match outcomes' tables as the screen, its CSV and Properties show them: false-match rates by
 * match, property, scan source and month, each with its counts, from the groups the database
 * summed. No I/O: the figures are read by outcome-reads.
 */
import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { addDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import { SCAN_SOURCES } from "@/lib/core/match-outcomes";
import { pageOf, type Page } from "@/lib/core/paging";
import { arrivalPropertyLabel, type PropertyNameWords } from "@/lib/core/property-names";

import { NO_OUTCOMES, type OutcomeGroup, type OutcomeTally } from "./outcome-counts";
import { falseMatchCell, type FalseMatchCell } from "./outcome-rates";
import {
  choiceParam,
  INVESTIGATION_PAGE_SIZE,
  investigationHref,
  type InvestigationPlace,
  type InvestigationQuery,
  type SearchParams,
  type WindowDays,
} from "./view";

/** One row of a table: what it is, its rate, and every count beside it. */
export interface OutcomeRow extends FalseMatchCell {
  /** Machine value: a property's label, a source as the API sends it, YYYY-MM, or a match's name. */
  key: string;
  /** In the CSV's words; a screen names a row by its key, in the person's language (a property by its label). */
  label: string;
  /** Reviews made before outcomes were asked. */
  noOutcome: number;
  policeContacted: number;
}

export interface MonthRow extends OutcomeRow {
  /** The window's list days in the month: all of it, or a part at either end of the window. */
  from: string;
  to: string;
  partial: boolean;
}

export interface PropertyRow extends OutcomeRow {
  propertyName: string;
  zone: string | null;
}

export const OUTCOME_SORTS = ["rate", "decided", "name"] as const;
export type OutcomeSort = (typeof OUTCOME_SORTS)[number];

export interface OutcomeQuery extends InvestigationQuery {
  sort: OutcomeSort;
}

export function parseOutcomeQuery(query: InvestigationQuery, params: SearchParams): OutcomeQuery {
  return { ...query, sort: choiceParam(params.sort, OUTCOME_SORTS) ?? "rate" };
}

/** The screen's address; the defaults (90 days, every property, by rate, the first page) left out. */
export function outcomesHref({ sort = "rate", ...place }: InvestigationPlace & { sort?: OutcomeSort }): string {
  return investigationHref("outcomes", place, { sort: sort === "rate" ? null : sort });
}

export interface OutcomeTables {
  window: WindowDays;
  /** The list days the window holds, each property's own local days. */
  from: string;
  to: string;
  total: OutcomeRow;
  /** Criminal record, sex offender (a guest matching both is in each), and any review that kept no match. */
  byMatch: OutcomeRow[];
  /** Outcomes of guests matching both: counted in each row of `byMatch`. */
  both: number;
  bySource: OutcomeRow[];
  byMonth: MonthRow[];
  /** Every property's row, in the order asked for. */
  byProperty: PropertyRow[];
}

export interface OutcomeView extends Omit<OutcomeTables, "byProperty"> {
  sort: OutcomeSort;
  /** Whether the person has several properties to tell apart: else no filter and no property table. */
  severalProperties: boolean;
  /** The property the figures are cut to; null for every one of the person's properties. */
  property: { label: string } | null;
  /** `?property=` named none of the properties with reviews: every property is shown, saying so. */
  unknownProperty: string | null;
  /** The labels the property filter offers: every property with reviews in the window. */
  choices: string[];
  /** A page of the property table (every property, whatever the filter). */
  properties: Page<PropertyRow>;
}

type Counts = OutcomeTally & { noOutcome: number; policeContacted: number };

const NO_COUNTS: Counts = { ...NO_OUTCOMES, noOutcome: 0, policeContacted: 0 };

function add(a: Counts, b: Counts): Counts {
  return {
    confirmed: a.confirmed + b.confirmed,
    falseMatches: a.falseMatches + b.falseMatches,
    outdated: a.outdated + b.outdated,
    unverified: a.unverified + b.unverified,
    noOutcome: a.noOutcome + b.noOutcome,
    policeContacted: a.policeContacted + b.policeContacted,
  };
}

function sum(groups: readonly OutcomeGroup[]): Counts {
  return groups.reduce<Counts>((total, group) => add(total, group), NO_COUNTS);
}

function row(key: string, label: string, counts: Counts): OutcomeRow {
  return {
    key,
    label,
    ...falseMatchCell(counts),
    noOutcome: counts.noOutcome,
    policeContacted: counts.policeContacted,
  };
}

/** A property as the reviews tell it: its name as the API compares names, and its zone where the name is shared. */
export function propertyId(group: { propertyName: string; zone: string | null }): string {
  return JSON.stringify([propertyKey(group.propertyName), group.zone]);
}

/** The groups of the person's properties only. */
export function visibleGroups(groups: readonly OutcomeGroup[], scope: PropertyScope): OutcomeGroup[] {
  return groups.filter((group) => canSeeProperty(scope, group.propertyName));
}

/**
 * Every property of the groups, its counts summed over its sources (each review is in one source
 * group); labelled in `words` (the person's), English by default.
 */
export function propertyRows(groups: readonly OutcomeGroup[], words?: PropertyNameWords): PropertyRow[] {
  const bySource = groups.filter((group) => group.dimension === "source");
  // Reviews keep a zone only where several properties share the name; such a name's reviews kept
  // without one are "one of several", never added to one of its properties.
  const shared = [...new Set(bySource.filter((group) => group.zone !== null).map((group) => group.propertyName))];
  const properties = new Map<string, { name: string; zone: string | null; groups: OutcomeGroup[] }>();
  for (const group of bySource) {
    const id = propertyId(group);
    const entry = properties.get(id) ?? { name: group.propertyName, zone: group.zone, groups: [] };
    entry.groups.push(group);
    properties.set(id, entry);
  }
  return [...properties.values()].map((entry) => {
    const label = arrivalPropertyLabel(
      { propertyName: entry.name, propertyTimeZone: entry.zone ?? undefined },
      shared,
      words,
    );
    return { ...row(label, label, sum(entry.groups)), propertyName: entry.name, zone: entry.zone };
  });
}

/** Months of [from, to], oldest first, with the days of each the window holds. */
function monthsOf(from: string, to: string): { month: string; from: string; to: string; partial: boolean }[] {
  const months: { month: string; from: string; to: string; partial: boolean }[] = [];
  // The 28th and a week later is always in the next month.
  const next = (month: string) => addDays(`${month}-28`, 7).slice(0, 7);
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = next(month)) {
    const first = `${month}-01`;
    const last = addDays(`${next(month)}-01`, -1);
    const partFrom = from > first ? from : first;
    const partTo = to < last ? to : last;
    months.push({ month, from: partFrom, to: partTo, partial: partFrom !== first || partTo !== last });
  }
  return months;
}

const monthWords = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "November 2026", as the CSV names a month's row. */
export function monthLabel(month: string): string {
  return monthWords.format(new Date(`${month}-01T00:00:00Z`));
}

/** A month's row as a person reads it, in their region's words: "November 2026", "novembre 2026". */
export function monthName(month: string, format: Pick<Formatter, "habits">): string {
  return new Intl.DateTimeFormat(format.habits.region, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The CSV's label of the reviews that kept no scan source. */
export const SOURCE_NOT_KEPT = "Not recorded";

function sortProperties(rows: readonly PropertyRow[], sort: OutcomeSort): PropertyRow[] {
  const byName = (a: PropertyRow, b: PropertyRow) => a.label.localeCompare(b.label, "en");
  const byDecided = (a: PropertyRow, b: PropertyRow) => b.decided - a.decided || byName(a, b);
  return [...rows].sort((a, b) => {
    if (sort === "name") return byName(a, b);
    if (sort === "decided") return byDecided(a, b);
    // Judged rates first, highest first; then the too-few, most settled first.
    if (a.rate !== null && b.rate !== null) return b.rate - a.rate || byDecided(a, b);
    if (a.rate !== null || b.rate !== null) return a.rate !== null ? -1 : 1;
    return byDecided(a, b);
  });
}

/** The tables of some groups of a window (already cut to what the person sees). */
export function outcomeTables(
  groups: readonly OutcomeGroup[],
  {
    window,
    from,
    to,
    sort = "rate",
    words,
  }: { window: WindowDays; from: string; to: string; sort?: OutcomeSort; words?: PropertyNameWords },
): OutcomeTables {
  const of = (dimension: OutcomeGroup["dimension"]) => groups.filter((group) => group.dimension === dimension);
  const sources = of("source");
  const matches = of("match");
  const months = of("month");

  const sourceValues = [
    ...SCAN_SOURCES,
    ...new Set(
      sources
        .map((group) => group.source)
        .filter((source): source is string => source !== null && !(SCAN_SOURCES as readonly string[]).includes(source))
        .sort(),
    ),
  ];
  const bySource = sourceValues.map((source) =>
    row(source, source, sum(sources.filter((group) => group.source === source))),
  );
  const unknownSource = sources.filter((group) => group.source === null);
  if (unknownSource.length > 0) bySource.push(row("", SOURCE_NOT_KEPT, sum(unknownSource)));

  const byMatch = [
    row("criminal_record", "Criminal record", sum(matches.filter((group) => group.criminalRecord === true))),
    row("sex_offender", "Sex offender", sum(matches.filter((group) => group.sexOffender === true))),
  ];
  const neither = matches.filter((group) => group.criminalRecord !== true && group.sexOffender !== true);
  if (neither.length > 0) byMatch.push(row("", "Match not recorded", sum(neither)));
  const bothCounts = sum(matches.filter((group) => group.criminalRecord === true && group.sexOffender === true));

  const byMonth = monthsOf(from, to).map(({ month, ...days }) => ({
    ...row(month, monthLabel(month), sum(months.filter((group) => group.month === month))),
    ...days,
  }));

  return {
    window,
    from,
    to,
    total: row("all", "All outcomes", sum(sources)),
    byMatch,
    both: bothCounts.confirmed + bothCounts.falseMatches + bothCounts.outdated + bothCounts.unverified,
    bySource,
    byMonth,
    byProperty: sortProperties(propertyRows(groups, words), sort),
  };
}

/**
 * The screen: every table cut to the property asked for (by its label, as the filter offers it;
 * casing and spaces aside), the property table of every property a page at a time.
 */
export function outcomeView(
  groups: readonly OutcomeGroup[],
  query: OutcomeQuery,
  {
    from,
    to,
    severalProperties,
    words,
  }: { from: string; to: string; severalProperties: boolean; words?: PropertyNameWords },
): OutcomeView {
  const all = outcomeTables(groups, { window: query.window, from, to, sort: query.sort, words });
  const asked = query.property;
  const chosen =
    asked === undefined ? undefined : all.byProperty.find((entry) => propertyKey(entry.label) === propertyKey(asked));
  const several = severalProperties || all.byProperty.length > 1;
  const tables = chosen
    ? outcomeTables(
        groups.filter((group) => propertyId(group) === propertyId(chosen)),
        { window: query.window, from, to, words },
      )
    : all;
  return {
    window: tables.window,
    from: tables.from,
    to: tables.to,
    total: tables.total,
    byMatch: tables.byMatch,
    both: tables.both,
    bySource: tables.bySource,
    byMonth: tables.byMonth,
    sort: query.sort,
    severalProperties: several,
    property: chosen ? { label: chosen.label } : null,
    unknownProperty: asked !== undefined && !chosen ? asked : null,
    choices: [...all.byProperty].sort((a, b) => a.label.localeCompare(b.label, "en")).map((entry) => entry.label),
    properties: pageOf(all.byProperty, query.page, INVESTIGATION_PAGE_SIZE),
  };
}

/** "12.5%" (always one decimal) in the person's formats; null where there are too few to judge. */
export function formatRate(cell: Pick<FalseMatchCell, "rate">, format: Pick<Formatter, "number">): string | null {
  if (cell.rate === null) return null;
  return format.number(cell.rate, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
