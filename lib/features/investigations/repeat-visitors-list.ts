import "server-only";

import type { PropertyScope } from "@/lib/core/access";
import { propertyChoicesOf, soleProperty } from "@/lib/core/property-choices";
import type { PropertyNameWords } from "@/lib/core/property-names";
import {
  readFollowedArrivals,
  readLinkageDays,
  readSpreadArrivals,
  SPREAD_KEYS_AT_MOST,
} from "@/lib/features/history/linkage";
import { readPropertyZones } from "@/lib/features/history/store";
import type { Executor } from "@/lib/server/db/types";

import { sharedNamesOf } from "./linkage";
import { NAME_NOT_CAPTURED, namesOf, refId } from "./linkage-names";
import { repeatVisits, SPREAD_DAYS, SPREAD_PROPERTIES } from "./repeat-visitors";
import {
  filterRepeatVisits,
  repeatRows,
  viewRepeatVisits,
  type NamedRepeatVisitRow,
  type RepeatList,
  type RepeatQuery,
  type RepeatVisitRow,
} from "./repeat-visitors-view";
import { windowBounds } from "./view";

/**
 * Repeat visitors read for a person: both rules over the window, the entries whose every property
 * the person sees, the figures, then a page; names are read only for the rows shown.
 */

export interface RepeatPage extends RepeatList<NamedRepeatVisitRow> {
  /** N: the days after a flag in which another property's arrival is listed. */
  followDays: number;
  days: { stored: number; purged: number };
  /** More than SPREAD_KEYS_AT_MOST documents were at three properties in a week: the newest are listed. */
  cut: number | null;
}

async function withNames(db: Executor, rows: readonly RepeatVisitRow[]): Promise<NamedRepeatVisitRow[]> {
  const names = await namesOf(
    db,
    rows.flatMap((row) => row.visits.map((visit) => visit.ref)),
  );
  return rows.map((row) => {
    const at = row.visits.map((visit) => names.get(refId(visit.ref)) ?? NAME_NOT_CAPTURED);
    const name = at.at(-1)!;
    return { ...row, name, otherNames: [...new Set(at.filter((other) => other !== name))] };
  });
}

async function repeatRowsFor(
  db: Executor,
  scope: PropertyScope,
  query: RepeatQuery,
  now: Date,
  followDays: number,
  words?: PropertyNameWords,
) {
  const bounds = windowBounds(now, query.window);
  const [followed, spread, zones, days] = await Promise.all([
    // Both rules whatever the list is cut to: the figures count both.
    readFollowedArrivals(db, { ...bounds, days: followDays }),
    readSpreadArrivals(db, { ...bounds, days: SPREAD_DAYS, properties: SPREAD_PROPERTIES }),
    readPropertyZones(db),
    readLinkageDays(db, bounds),
  ]);
  const known = [...zones].map(([name, list]) => ({ name, zones: list }));
  const entries = repeatVisits(followed, spread.arrivals, { ...bounds, days: followDays });
  const { rows, hidden } = repeatRows(entries, scope, sharedNamesOf(known), words);
  const severalProperties = soleProperty(propertyChoicesOf(known, scope)) === null;
  return { rows, hidden, bounds: { ...bounds, severalProperties }, days, cut: spread.cut };
}

/** The page `query` asks for, with the guests' names; labels in `words` (English by default). */
export async function repeatVisitorsPageFor(
  db: Executor,
  scope: PropertyScope,
  query: RepeatQuery,
  now: Date,
  followDays: number,
  words?: PropertyNameWords,
): Promise<RepeatPage> {
  const { rows, hidden, bounds, days, cut } = await repeatRowsFor(db, scope, query, now, followDays, words);
  const view = viewRepeatVisits(rows, hidden, query, bounds);
  return {
    ...view,
    rows: await withNames(db, view.rows),
    followDays,
    days,
    cut: cut ? SPREAD_KEYS_AT_MOST : null,
  };
}

/** Every entry `query`'s property and rule allow, in its order, for a file; labels in `words` (English by default). */
export async function repeatVisitorsFileFor(
  db: Executor,
  scope: PropertyScope,
  query: RepeatQuery,
  now: Date,
  followDays: number,
  words?: PropertyNameWords,
): Promise<{ rows: NamedRepeatVisitRow[]; property: string | null; from: string; to: string; hidden: number }> {
  const { rows, hidden, bounds } = await repeatRowsFor(db, scope, query, now, followDays, words);
  const { shown, property } = filterRepeatVisits(rows, query, bounds);
  return {
    rows: await withNames(db, shown),
    property: property?.label ?? null,
    from: bounds.from,
    to: bounds.to,
    hidden,
  };
}
