import "server-only";

import type { PropertyScope } from "@/lib/core/access";
import { propertyChoicesOf, soleProperty } from "@/lib/core/property-choices";
import type { PropertyNameWords } from "@/lib/core/property-names";
import { readLinkageDays, readMissedBanArrivals } from "@/lib/features/history/linkage";
import { readPropertyZones } from "@/lib/features/history/store";
import type { Executor } from "@/lib/server/db/types";

import { sharedNamesOf } from "./linkage";
import { NAME_NOT_CAPTURED, namesOf, refId } from "./linkage-names";
import { missedBans } from "./missed-bans";
import {
  filterMissedBans,
  missedBanRows,
  viewMissedBans,
  type MissedBanList,
  type MissedBanQuery,
  type MissedBanRow,
  type NamedMissedBanRow,
} from "./missed-bans-view";
import { windowBounds } from "./view";

/**
 * The missed-ban audit read for a person: the window's entries at their properties, the figures,
 * then a page; the guests' names are read only for the rows shown and only where the person sees
 * every property involved.
 */

export interface MissedBanPage extends MissedBanList<NamedMissedBanRow> {
  /** Stored guest days in the window, and of those, days whose guest data retention removed. */
  days: { stored: number; purged: number };
}

/** Names of the rows a person may see whole; null for the others, whose names are never read. */
async function withNames(db: Executor, rows: readonly MissedBanRow[]): Promise<NamedMissedBanRow[]> {
  const whole = rows.filter((row) => row.whole);
  const names = await namesOf(
    db,
    whole.map((row) => row.ref),
  );
  return rows.map((row) => ({ ...row, name: row.whole ? (names.get(refId(row.ref)) ?? NAME_NOT_CAPTURED) : null }));
}

async function missedBanRowsFor(
  db: Executor,
  scope: PropertyScope,
  query: MissedBanQuery,
  now: Date,
  words?: PropertyNameWords,
) {
  const bounds = windowBounds(now, query.window);
  const [arrivals, zones, days] = await Promise.all([
    readMissedBanArrivals(db, bounds),
    readPropertyZones(db),
    readLinkageDays(db, bounds),
  ]);
  const known = [...zones].map(([name, list]) => ({ name, zones: list }));
  const rows = missedBanRows(missedBans(arrivals, bounds), scope, sharedNamesOf(known), words);
  // A person with one property gets no filter: it could only repeat that property.
  const severalProperties = soleProperty(propertyChoicesOf(known, scope)) === null;
  return { rows, bounds: { ...bounds, severalProperties }, days };
}

/** The page `query` asks for, with names where the person may see them; labels in `words` (English by default). */
export async function missedBansPageFor(
  db: Executor,
  scope: PropertyScope,
  query: MissedBanQuery,
  now: Date,
  words?: PropertyNameWords,
): Promise<MissedBanPage> {
  const { rows, bounds, days } = await missedBanRowsFor(db, scope, query, now, words);
  const view = viewMissedBans(rows, query, bounds);
  return { ...view, rows: await withNames(db, view.rows), days };
}

/** Every entry `query`'s property allows, in its order, for a file; labels in `words` (English by default). */
export async function missedBansFileFor(
  db: Executor,
  scope: PropertyScope,
  query: MissedBanQuery,
  now: Date,
  words?: PropertyNameWords,
): Promise<{ rows: NamedMissedBanRow[]; property: string | null; from: string; to: string }> {
  const { rows, bounds } = await missedBanRowsFor(db, scope, query, now, words);
  const { shown, property } = filterMissedBans(rows, query, bounds);
  return { rows: await withNames(db, shown), property: property?.label ?? null, from: bounds.from, to: bounds.to };
}

export type { MissedBanRow };
