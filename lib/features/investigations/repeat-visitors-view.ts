/**
 * Repeat visitors as the screen and its CSV show them: the figures per property, then the list,
 * filtered to a property (a list per property) or the whole group, to one rule, sorted and paged.
 * An entry is listed only to a person who sees every property it involves; the others that touch
 * one of the person's properties are counted, never shown. Pure and isomorphic.
 */
import type { PropertyScope } from "@/lib/core/access";
import { SIGNAL, signalLabels } from "@/lib/core/match-outcomes";
import type { Page } from "@/lib/core/paging";
import type { PropertyNameWords } from "@/lib/core/property-names";
import type { StayRef } from "@/lib/features/history/linkage";

import { propertyIdKey, propertyLabelOf, seesAny, seesEvery } from "./linkage";
import { arrivalDayHref } from "./missed-bans-view";
import { latestCheckIn, type RepeatKind, type RepeatVisit } from "./repeat-visitors";
import {
  choiceParam,
  cutList,
  investigationHref,
  investigationPath,
  listPage,
  type InvestigationPlace,
  type InvestigationQuery,
  type SearchParams,
  type WindowDays,
} from "./view";

export const REPEAT_VISITORS_PATH = investigationPath("repeat-visitors");

export const REPEAT_SORTS = ["newest", "oldest", "closest", "property"] as const;
export type RepeatSort = (typeof REPEAT_SORTS)[number];

export const REPEAT_KINDS: readonly RepeatKind[] = ["after-flag", "spread"];

export interface RepeatQuery extends InvestigationQuery {
  sort: RepeatSort;
  /** One rule's entries; both when not given. */
  kind?: RepeatKind;
}

export function parseRepeatQuery(query: InvestigationQuery, params: SearchParams): RepeatQuery {
  const parsed: RepeatQuery = { ...query, sort: choiceParam(params.sort, REPEAT_SORTS) ?? "newest" };
  const kind = choiceParam(params.kind, REPEAT_KINDS);
  if (kind !== undefined) parsed.kind = kind;
  return parsed;
}

/** The screen's address; the defaults (90 days, every property, both rules, newest first, the first page) left out. */
export function repeatVisitorsHref({
  kind,
  sort = "newest",
  ...place
}: InvestigationPlace & { kind?: RepeatKind | null; sort?: RepeatSort }): string {
  return investigationHref("repeat-visitors", place, { kind, sort: sort === "newest" ? null : sort });
}

/** What a visit found, as investigations.repeatVisitors.found names it, in the order of signalLabels. */
export type FoundKey = "staffFlag" | "banMatched" | "criminalRecord" | "sexOffender";
const FOUND_KEYS: readonly FoundKey[] = ["staffFlag", "banMatched", "criminalRecord", "sexOffender"];

export function foundKeys(signals: number): FoundKey[] {
  return FOUND_KEYS.filter((key) => (signals & SIGNAL[key]) !== 0);
}

export interface VisitRow {
  ref: StayRef;
  label: string;
  propertyName: string;
  propertyTimeZone: string;
  day: string;
  checkInAtUtc: string;
  /** What was found at this visit, in the CSV's words (flagged by staff, ban matched…); none for most. */
  signals: string[];
  /** The same for a screen to name in the person's language. */
  found: FoundKey[];
  /** The guests screen on the visit's stored day. */
  href: string;
}

export interface RepeatVisitRow {
  /** The entry's rule and visits: a row key, never shown. */
  id: string;
  kind: RepeatKind;
  visits: VisitRow[];
  /** Calendar days from the first visit's local day to the last's. */
  days: number;
  /** The labels of the properties involved, once each, in visit order. */
  labels: string[];
  latestCheckIn: string;
}

export type NamedRepeatVisitRow = RepeatVisitRow & {
  /** The guest's name at the latest visit. */
  name: string;
  /** Other names the same document was recorded under at the other visits. */
  otherNames: string[];
};

export interface RepeatFigure {
  label: string;
  /** After-flag entries whose flagged visit was here. */
  flaggedHere: number;
  /** After-flag entries whose later arrival was here. */
  arrivedHere: number;
  /** Entries of three properties or more involving this property. */
  spread: number;
}

export interface RepeatFigures {
  rows: RepeatFigure[];
  total: { afterFlag: number; spread: number };
}

/** Per property (each property of a listed entry), and in all. */
export function repeatFigures(rows: readonly RepeatVisitRow[]): RepeatFigures {
  const byLabel = new Map<string, RepeatFigure>();
  const figure = (label: string) => {
    const found = byLabel.get(label) ?? { label, flaggedHere: 0, arrivedHere: 0, spread: 0 };
    byLabel.set(label, found);
    return found;
  };
  const total = { afterFlag: 0, spread: 0 };
  for (const row of rows) {
    if (row.kind === "after-flag") {
      total.afterFlag += 1;
      figure(row.visits[0]!.label).flaggedHere += 1;
      figure(row.visits[1]!.label).arrivedHere += 1;
    } else {
      total.spread += 1;
      for (const label of row.labels) figure(label).spread += 1;
    }
  }
  return { rows: [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label, "en")), total };
}

/**
 * The entries a person may have listed (every property involved is theirs), and how many others
 * touch one of their properties (listed nowhere for them: the count is all they learn). Labels in
 * `words` (the person's); English by default.
 */
export function repeatRows(
  entries: readonly RepeatVisit[],
  scope: PropertyScope,
  shared: readonly string[],
  words?: PropertyNameWords,
): { rows: RepeatVisitRow[]; hidden: number } {
  const rows: RepeatVisitRow[] = [];
  let hidden = 0;
  for (const entry of entries) {
    if (!seesEvery(scope, entry.involved)) {
      if (seesAny(scope, entry.involved)) hidden += 1;
      continue;
    }
    const labels = new Map<string, string>();
    for (const property of entry.involved)
      labels.set(propertyIdKey(property), propertyLabelOf(property, shared, words));
    rows.push({
      id: `${entry.kind} ${entry.visits.map((visit) => `${visit.ref.reportId}:${visit.ref.position}`).join(" ")}`,
      kind: entry.kind,
      visits: entry.visits.map((visit) => ({
        ref: visit.ref,
        label: labels.get(propertyIdKey(visit))!,
        propertyName: visit.propertyName,
        propertyTimeZone: visit.propertyTimeZone,
        day: visit.day,
        checkInAtUtc: visit.checkInAtUtc,
        signals: signalLabels(visit.signals),
        found: foundKeys(visit.signals),
        href: arrivalDayHref(visit),
      })),
      days: entry.days,
      labels: [...labels.values()],
      latestCheckIn: latestCheckIn(entry),
    });
  }
  return { rows, hidden };
}

const SORTS: Record<RepeatSort, (a: RepeatVisitRow, b: RepeatVisitRow) => number> = {
  newest: (a, b) => b.latestCheckIn.localeCompare(a.latestCheckIn),
  oldest: (a, b) => a.latestCheckIn.localeCompare(b.latestCheckIn),
  closest: (a, b) => a.days - b.days,
  property: (a, b) => a.labels[0]!.localeCompare(b.labels[0]!, "en"),
};

export interface RepeatList<T extends RepeatVisitRow = RepeatVisitRow> extends Page<T> {
  window: WindowDays;
  from: string;
  to: string;
  sort: RepeatSort;
  kind: RepeatKind | null;
  figures: RepeatFigures;
  choices: string[];
  property: { label: string } | null;
  unknownProperty: string | null;
  /** Entries touching the person's properties that involve one they do not see: counted, not listed. */
  hidden: number;
}

/** The rows `query` keeps (property, rule), in its order, and what the screen says about them. */
export function filterRepeatVisits(
  rows: readonly RepeatVisitRow[],
  query: RepeatQuery,
  { severalProperties }: { severalProperties: boolean },
) {
  const figures = repeatFigures(rows);
  const list = cutList(query.kind ? rows.filter((row) => row.kind === query.kind) : rows, query.property, {
    labels: figures.rows.map((row) => row.label),
    severalProperties,
    at: (row, label) => row.labels.includes(label),
    order: SORTS[query.sort],
  });
  return { ...list, figures, kind: query.kind ?? null };
}

export function viewRepeatVisits(
  rows: readonly RepeatVisitRow[],
  hidden: number,
  query: RepeatQuery,
  bounds: { from: string; to: string; severalProperties: boolean },
): RepeatList {
  const { shown, ...filters } = filterRepeatVisits(rows, query, bounds);
  return { ...listPage(shown, query, bounds), ...filters, sort: query.sort, hidden };
}
