/**
 * The missed-ban audit as the screen and its CSV show it: the figures per property and source, then
 * the list, filtered to a property, sorted and paged. Who may see an entry whole is decided here:
 * an entry is listed under the arrival's property (one the person sees); the guest's name and the
 * other property where the ban was seen are shown only to a person who sees every property the
 * entry involves. Pure and isomorphic.
 */
import type { PropertyScope } from "@/lib/core/access";
import type { Page } from "@/lib/core/paging";
import type { PropertyNameWords } from "@/lib/core/property-names";
import type { StayRef } from "@/lib/features/history/linkage";

import { propertyLabelOf, sameProperty, seesEvery } from "./linkage";
import { MISSED_BAN_CATEGORIES, type BanSightingKind, type MissedBan, type MissedBanCategory } from "./missed-bans";
import {
  choiceParam,
  cutList,
  investigationHref,
  listPage,
  type InvestigationPlace,
  type InvestigationQuery,
  type SearchParams,
  type WindowDays,
} from "./view";

export const MISSED_BAN_SORTS = ["newest", "oldest", "known", "property"] as const;
export type MissedBanSort = (typeof MISSED_BAN_SORTS)[number];

export interface MissedBanQuery extends InvestigationQuery {
  sort: MissedBanSort;
}

export function parseMissedBanQuery(query: InvestigationQuery, params: SearchParams): MissedBanQuery {
  return { ...query, sort: choiceParam(params.sort, MISSED_BAN_SORTS) ?? "newest" };
}

/** The screen's address; the defaults (90 days, every property, newest first, the first page) left out. */
export function missedBansHref({ sort = "newest", ...place }: InvestigationPlace & { sort?: MissedBanSort }): string {
  return investigationHref("missed-bans", place, { sort: sort === "newest" ? null : sort });
}

/** The guests screen on the arrival's stored day, filtered to its property (as banned-after-stay links). */
export function arrivalDayHref(entry: { day: string; propertyName: string }): string {
  return `/guests?${new URLSearchParams({ day: entry.day, property: entry.propertyName }).toString()}`;
}

/** Where the ban was first seen, as the person may see it. */
export type SeenBanned =
  | {
      shown: true;
      /** The same property as the arrival's. */
      here: boolean;
      label: string;
      propertyTimeZone: string;
      at: string;
      kind: BanSightingKind;
    }
  | { shown: false };

export interface MissedBanRow {
  /** The stored arrival: a row key and where its name is read, never shown. */
  ref: StayRef;
  label: string;
  propertyName: string;
  propertyTimeZone: string;
  day: string;
  checkInAtUtc: string;
  category: MissedBanCategory;
  /** The guests screen on the arrival's stored day. */
  href: string;
  seen: SeenBanned;
  /** How long before the check-in Daybook first saw the ban, in ms. */
  knownMs: number;
  /** False: the person does not see every property involved; no name, and the other property withheld. */
  whole: boolean;
}

export type NamedMissedBanRow = MissedBanRow & {
  /** The guest's name; null where it is withheld. */
  name: string | null;
};

export interface MissedBanFigure {
  label: string;
  counts: Record<MissedBanCategory, number>;
  total: number;
}

export interface MissedBanFigures {
  /** Each property with a missed ban, by label. */
  rows: MissedBanFigure[];
  total: MissedBanFigure;
  /** The categories shown: "other source" only when some arrival has one. */
  categories: MissedBanCategory[];
}

const noCounts = () =>
  Object.fromEntries(MISSED_BAN_CATEGORIES.map((category) => [category, 0])) as Record<MissedBanCategory, number>;

/** Missed bans per property and category, and in all. */
export function missedBanFigures(rows: readonly Pick<MissedBanRow, "label" | "category">[]): MissedBanFigures {
  const byLabel = new Map<string, MissedBanFigure>();
  const total: MissedBanFigure = { label: "All", counts: noCounts(), total: 0 };
  for (const row of rows) {
    const figure = byLabel.get(row.label) ?? { label: row.label, counts: noCounts(), total: 0 };
    figure.counts[row.category] += 1;
    figure.total += 1;
    total.counts[row.category] += 1;
    total.total += 1;
    byLabel.set(row.label, figure);
  }
  return {
    rows: [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label, "en")),
    total,
    categories: MISSED_BAN_CATEGORIES.filter((category) => category !== "other source" || total.counts[category] > 0),
  };
}

/**
 * The entries a person may have listed (those at a property they see), each with what they may see
 * of it. `shared`: names several properties share (their labels carry the zone, in `words`: the
 * person's, English by default).
 */
export function missedBanRows(
  entries: readonly MissedBan[],
  scope: PropertyScope,
  shared: readonly string[],
  words?: PropertyNameWords,
): MissedBanRow[] {
  return entries
    .filter((entry) => seesEvery(scope, [entry]))
    .map((entry) => {
      const whole = seesEvery(scope, entry.involved);
      const here = sameProperty(entry, entry.firstSeen);
      return {
        ref: entry.ref,
        label: propertyLabelOf(entry, shared, words),
        propertyName: entry.propertyName,
        propertyTimeZone: entry.propertyTimeZone,
        day: entry.day,
        checkInAtUtc: entry.checkInAtUtc,
        category: entry.category,
        href: arrivalDayHref(entry),
        seen: whole
          ? {
              shown: true,
              here,
              label: propertyLabelOf(entry.firstSeen, shared, words),
              propertyTimeZone: entry.firstSeen.propertyTimeZone,
              at: entry.firstSeen.at.toISOString(),
              kind: entry.firstSeen.kind,
            }
          : { shown: false },
        knownMs: Date.parse(entry.checkInAtUtc) - entry.firstSeen.at.getTime(),
        whole,
      };
    });
}

const SORTS: Record<MissedBanSort, (a: MissedBanRow, b: MissedBanRow) => number> = {
  newest: (a, b) => b.checkInAtUtc.localeCompare(a.checkInAtUtc),
  oldest: (a, b) => a.checkInAtUtc.localeCompare(b.checkInAtUtc),
  known: (a, b) => b.knownMs - a.knownMs,
  property: (a, b) => a.label.localeCompare(b.label, "en") || b.checkInAtUtc.localeCompare(a.checkInAtUtc),
};

export interface MissedBanList<T extends MissedBanRow = MissedBanRow> extends Page<T> {
  window: WindowDays;
  from: string;
  to: string;
  sort: MissedBanSort;
  figures: MissedBanFigures;
  /** The labels the property filter offers (none for a person with one property). */
  choices: string[];
  property: { label: string } | null;
  /** `?property=` named none of the listed properties: every property is shown, saying so. */
  unknownProperty: string | null;
  /** Entries listed without the name and the other property. */
  withheld: number;
}

/** The rows `query` keeps (property), in its order, and what the screen says about them. */
export function filterMissedBans(
  rows: readonly MissedBanRow[],
  query: MissedBanQuery,
  { severalProperties }: { severalProperties: boolean },
) {
  const figures = missedBanFigures(rows);
  const list = cutList(rows, query.property, {
    labels: figures.rows.map((row) => row.label),
    severalProperties,
    at: (row, label) => row.label === label,
    order: SORTS[query.sort],
  });
  return { ...list, figures };
}

/** One page of the list as `query` asks. */
export function viewMissedBans(
  rows: readonly MissedBanRow[],
  query: MissedBanQuery,
  bounds: { from: string; to: string; severalProperties: boolean },
): MissedBanList {
  const { shown, ...filters } = filterMissedBans(rows, query, bounds);
  return {
    ...listPage(shown, query, bounds),
    ...filters,
    sort: query.sort,
    withheld: shown.filter((row) => !row.whole).length,
  };
}

const HOUR_MS = 3_600_000;

/**
 * How long before the check-in the ban was known, for investigations.missedBans.known: under an
 * hour, whole hours up to two days, then whole days ("5 hours", "3 days").
 */
export function knownFor(ms: number): { unit: "lessThanHour" | "hours" | "days"; count: number } {
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return { unit: "lessThanHour", count: 0 };
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
