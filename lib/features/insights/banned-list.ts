import "server-only";

import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import { arrivalPropertyLabel, namesInSeveralZones, type PropertyNameWords } from "@/lib/core/property-names";
import { readBanCandidates, readPurgedGuestDays, readStayNames } from "@/lib/features/history/screening";
import type { Database } from "@/lib/server/db/types";

import {
  bannedAfterStays,
  guestName,
  NAME_NOT_CAPTURED,
  purgedSpan,
  type BannedAfterStay,
  type StayRef,
} from "./banned";
import {
  filterBanned,
  nameMatches,
  nameTerms,
  viewBanned,
  type BannedQuery,
  type BannedRange,
  type BannedView,
} from "./banned-view";

/**
 * The banned-after-stay list read for a person: every stay of their properties, then filtered,
 * searched by name and paged as they ask. Names are read only for the stays shown, or, for a name
 * search, for the stays the other filters leave.
 */

export interface BannedAfterStayList {
  entries: (BannedAfterStay & { label: string })[];
  /** Null unless retention removed some stored day's guest data (the list cannot cover it). */
  purged: { days: number; last: string } | null;
}

/** Names whose arrivals named several zones: several properties, told apart by zone. */
export function sharedNames(items: readonly { propertyName: string; propertyTimeZone: string | null }[]): string[] {
  return namesInSeveralZones(
    items.filter((item): item is { propertyName: string; propertyTimeZone: string } => !!item.propertyTimeZone),
  );
}

/** `words`: the person's, for the properties' labels (the filter's choices); English by default. */
export async function bannedAfterStayFor(
  db: Database,
  scope: PropertyScope,
  since?: Date,
  words?: PropertyNameWords,
): Promise<BannedAfterStayList> {
  const [candidates, purged] = await Promise.all([readBanCandidates(db, since), readPurgedGuestDays(db)]);
  const visible = candidates.filter((stay) => canSeeProperty(scope, stay.propertyName));
  const shared = sharedNames(visible);
  return {
    entries: bannedAfterStays(visible).map((entry) => ({
      ...entry,
      label: arrivalPropertyLabel(entry, shared, words),
    })),
    purged: purgedSpan(purged),
  };
}

type Listed = BannedAfterStay & { label: string };
export type NamedStay = Listed & { name: string };

/** A page of the list as the page shows it: each stay with its guest's name. */
export interface BannedAfterStayPage extends BannedView<NamedStay> {
  purged: { days: number; last: string } | null;
  /** Stays in the whole list (every property of the person). */
  all: number;
}

/** One statement's worth of stays: a row value list far longer is slow to plan. */
const NAMES_AT_ONCE = 1_000;

/** The guests' names of these stays; null where the arrival holds none. */
async function namesOf(db: Database, refs: readonly StayRef[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  for (let start = 0; start < refs.length; start += NAMES_AT_ONCE) {
    const read = await readStayNames(db, refs.slice(start, start + NAMES_AT_ONCE));
    for (const [key, name] of read) {
      const shown = guestName(name);
      names.set(key, shown === NAME_NOT_CAPTURED ? null : shown);
    }
  }
  return names;
}

const refKey = (ref: StayRef) => `${ref.reportId}:${ref.position}`;

function withNames(entries: readonly Listed[], names: ReadonlyMap<string, string | null>): NamedStay[] {
  return entries.map((entry) => ({ ...entry, name: names.get(refKey(entry.ref)) ?? NAME_NOT_CAPTURED }));
}

/** The stays `query` allows (`filtered`), their names read, and those matching its name search. */
async function searchedList(db: Database, scope: PropertyScope, query: BannedQuery, words?: PropertyNameWords) {
  const list = await bannedAfterStayFor(db, scope, undefined, words);
  const filtered = filterBanned(list.entries, query);
  const terms = nameTerms(query.q ?? "");
  if (terms.length === 0) return { list, filtered, names: null, matching: undefined };
  const names = await namesOf(
    db,
    filtered.shown.map((entry) => entry.ref),
  );
  const matching = (shown: readonly Listed[]) =>
    shown.filter((entry) => nameMatches(names.get(refKey(entry.ref)) ?? "", terms));
  return { list, filtered, names, matching };
}

/** The page `query` asks for: the whole list is worked out, and only the names needed are read. */
export async function bannedAfterStayPageFor(
  db: Database,
  scope: PropertyScope,
  query: BannedQuery,
  words?: PropertyNameWords,
): Promise<BannedAfterStayPage> {
  const { list, filtered, names, matching } = await searchedList(db, scope, query, words);
  const view = viewBanned(list.entries, query, matching, filtered);
  const shownNames =
    names ??
    (await namesOf(
      db,
      view.rows.map((entry) => entry.ref),
    ));
  return { ...view, rows: withNames(view.rows, shownNames), purged: list.purged, all: list.entries.length };
}

/** Every stay `query` allows (property, days, name), in the list's order, for a file. */
export async function bannedAfterStayFileFor(
  db: Database,
  scope: PropertyScope,
  query: BannedQuery,
  words?: PropertyNameWords,
): Promise<{ rows: NamedStay[]; property: string | null; range: BannedRange }> {
  const { filtered, names, matching } = await searchedList(db, scope, query, words);
  const rows = matching ? matching(filtered.shown) : filtered.shown;
  return {
    rows: withNames(
      rows,
      names ??
        (await namesOf(
          db,
          rows.map((entry) => entry.ref),
        )),
    ),
    property: filtered.property?.label ?? null,
    range: filtered.range,
  };
}
