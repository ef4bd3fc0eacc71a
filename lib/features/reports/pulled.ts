/**
 * A report as it is read for a person: yesterday as Daybook holds it, or a day from Daybook's own
 * history, then cut to what the person asked for and may see (the property filtered to, the
 * coverage of the copy served, what retention and erasures removed).
 */

import "server-only";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { requireDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import { dayParts, type ReportOf } from "@/lib/features/history/store";
import type { HeldCopy, PurgeNotes, StoredCopy } from "@/lib/features/history/types";
import { readPolicies } from "@/lib/features/privacy/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { StoredEndpoint } from "@/lib/server/db/schema";
import type { Endpoint } from "@/lib/server/partner-api/errors";
import { requestWords } from "@/lib/server/words";

import { apiNow } from "./clock";
import { pendingProperties } from "./day-choice";
import { heldYesterday, knownPropertyZones, readHeldDay, type HeldOptions } from "./held";
import { dayPurged, readPurgeNotes } from "./purged";
import { ambiguousFor, noStoredCopy, notFoundFor, notStoredFor, sameNotFound } from "./refusals";

export interface Pulled<R> {
  report: R;
  storedCopy: StoredCopy | null;
  held: HeldCopy | null;
  /** From Daybook's store, which holds every property: a property filter is applied here. */
  fromStore: boolean;
  /** What is stored of the day, as dayParts names it; null for the API's own answer. */
  version: string | null;
}

/**
 * Yesterday as Daybook holds it (lib/features/reports/held.ts), or `day` from Daybook's own
 * history. `propertyName` narrows what yesterday must hold; the caller narrows the items.
 */
export async function pull<E extends StoredEndpoint>(
  endpoint: E,
  scope: PropertyScope,
  propertyName: string | undefined,
  day: string | undefined,
  options: HeldOptions,
): Promise<Pulled<ReportOf<E>>> {
  if (day === undefined) {
    const asked = () => heldYesterday(endpoint, scope, propertyName, options);
    const held = endpoint === "usage" ? await asked() : await sameNotFound(endpoint as Endpoint, asked);
    return held.kind === "held"
      ? { report: held.report, storedCopy: null, held: held.held, fromStore: true, version: held.version }
      : { report: held.report, storedCopy: null, held: null, fromStore: false, version: null };
  }
  requireDay(day);
  const db = await getDb();
  const parts = await dayParts(db, endpoint, day);
  const stored = parts ? await readHeldDay(db, endpoint, day, parts.version) : null;
  if (!stored) throw await noStoredCopy(day);
  // A purged day has no items left: saying "no arrivals" would be false.
  if (endpoint !== "usage" && stored.copy.itemsPurgedAt) throw dayPurged(day, await requestWords("reports"));
  return { report: stored.report, storedCopy: stored.copy, held: null, fromStore: true, version: parts!.version };
}

/**
 * The items for `propertyName`: the API narrowed its own answer; a day from the store holds every
 * property, and is narrowed here as the API would.
 */
export async function narrowed<T extends { propertyName: string }>(
  pulled: Pulled<{ items: T[]; reportedDateLocal: string }>,
  endpoint: Endpoint,
  propertyName: string | undefined,
): Promise<{ items: T[]; propertyName?: string }> {
  const { report } = pulled;
  return pulled.fromStore
    ? narrowStored(report.items, endpoint, propertyName, report.reportedDateLocal)
    : { items: report.items };
}

/**
 * A stored day has every property's items: the filter is applied here, answering as the API would.
 * Whether the property exists is told by that day's usage rows (one per property, even without
 * arrivals), so a property with no criminal arrival that day gets an empty list, not "not found".
 */
async function narrowStored<T extends { propertyName: string }>(
  items: T[],
  endpoint: Endpoint,
  propertyName: string | undefined,
  day: string,
): Promise<{ items: T[]; propertyName?: string }> {
  if (propertyName === undefined) return { items };
  const key = propertyKey(propertyName);
  const matching = items.filter((item) => propertyKey(item.propertyName) === key);
  const db = await getDb();
  const parts = await dayParts(db, "usage", day);
  const usage = parts ? await readHeldDay(db, "usage", day, parts.version) : null;
  const rows = usage?.report.byProperty.filter((row) => propertyKey(row.propertyName) === key) ?? [];
  // Without the day's usage (not stored), the zones of the name's arrivals tell a shared name.
  const shared =
    rows.length === 0 &&
    (await knownPropertyZones(db)).some((property) => propertyKey(property.name) === key && property.zones.length > 1);
  if (rows.length > 1 || shared) throw ambiguousFor(endpoint);
  if (matching.length === 0 && rows.length === 0) throw notFoundFor(endpoint);
  // As the API's narrowed answer, it names the property as the property spells its name.
  return { items: matching, propertyName: rows[0]?.propertyName ?? matching[0]!.propertyName };
}

export interface Copies {
  storedCopy: StoredCopy | null;
  held: HeldCopy | null;
}

/** What the person is told of the copy served: their properties' coverage of it (refused when none). */
export async function copiesOf(
  pulled: Pulled<unknown>,
  scope: PropertyScope,
  propertyName: string | undefined,
): Promise<Copies> {
  return {
    storedCopy: await scopedCopy(pulled.storedCopy, scope, propertyName),
    held: await scopedCopy(pulled.held, scope, propertyName),
  };
}

/**
 * A stored day's coverage as the person may see it: no name of another's property, and with a
 * filter only the property filtered to. The properties not stored say when their day closes. A day
 * that covers none of what the person asked for is refused in words: its figures or an empty list
 * would read as a day without arrivals.
 */
async function scopedCopy<C extends StoredCopy>(
  copy: C | null,
  scope: PropertyScope,
  propertyName?: string,
): Promise<C | null> {
  if (!copy?.coverage) return copy;
  const asked = (name: string) =>
    canSeeProperty(scope, name) && (propertyName === undefined || propertyKey(name) === propertyKey(propertyName));
  const covered = copy.coverage.covered.filter(asked);
  const missing = copy.coverage.missing.filter(asked);
  const pending =
    missing.length === 0
      ? []
      : pendingProperties(
          copy.reportedDate,
          missing,
          await knownPropertyZones(await getDb()),
          await apiNow(),
          getConfig().history.graceMinutes * 60_000,
        );
  if (covered.length === 0 && pending.length > 0) throw await notStoredFor(copy.reportedDate, pending);
  return { ...copy, coverage: { covered, missing, pending } };
}

/**
 * What a day from Daybook's store says of the guest data it no longer holds (parts purged by
 * their property's retention, arrivals erased); throws 410 when nothing the person asked for is
 * left. The API's own answer holds everything it reports.
 */
export async function notesOf(
  endpoint: "guests" | "criminal-arrivals",
  pulled: Pulled<{ reportedDateLocal: string }>,
  scope: PropertyScope,
  propertyName: string | undefined,
): Promise<PurgeNotes> {
  if (!pulled.fromStore) return { purgedProperties: [], erasedArrivals: 0 };
  const db = await getDb();
  const asked = {
    endpoint,
    day: pulled.report.reportedDateLocal,
    scope,
    propertyName,
    policies: await readPolicies(db),
  };
  try {
    return await readPurgeNotes(db, asked);
  } catch (error) {
    // The refusal again, in the person's words: asked for only when there is one to word.
    if (!(error instanceof AppError && error.code === "day_purged")) throw error;
    return readPurgeNotes(db, { ...asked, t: await requestWords("reports") });
  }
}

/** A report with the items the person gets, its copy notes cut to what the person may see. */
export function withItems<R extends { items: unknown[] }, T>(
  pulled: Pulled<R>,
  copies: Copies,
  propertyName: string | undefined,
  items: T[],
  scope: PropertyScope,
  sharedNames: string[],
) {
  return {
    ...pulled.report,
    // The report's message speaks of the whole group: only for people who see every property.
    ...("message" in pulled.report && !scope.allProperties ? { message: null } : {}),
    ...(propertyName ? { propertyName } : {}),
    items,
    sharedNames,
    totalCount: items.length,
    ...copies,
  };
}
