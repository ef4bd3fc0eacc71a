/**
 * Yesterday served from what Daybook holds. The API computes each day once and serves that copy
 * again, and it limits concurrency, so a report of a day Daybook has stored is answered from the
 * store (the latest days kept in memory on top, bounded by size), and the API is called only for a
 * property day not held yet, and for guests' isCurrentlyBanned (live) no more than once per
 * DAYBOOK_LIVE_REFRESH_MINUTES or when a person asks. Every such call is one call in flight per
 * (key, report, filter) in this process, and one across instances on PostgreSQL (an advisory lock:
 * the others wait, then find the day stored). When a needed call fails, the copy held is served
 * with a notice saying so.
 */

import "server-only";

import { LRUCache } from "lru-cache";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { describeUpstreamFailure } from "@/lib/core/format";
import { reportedDayOf, type PropertyZones } from "@/lib/features/history/property-days";
import {
  dayParts,
  readKnownProperties,
  readStoredReport,
  storeReport,
  type DayPart,
  type ReportOf,
} from "@/lib/features/history/store";
import type { HeldCopy, StaleNotice, StoredCopy } from "@/lib/features/history/types";
import { keptAnswer } from "@/lib/features/privacy/answer";
import { currentPolicies, readStorePrivacy } from "@/lib/features/privacy/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { withAdvisoryLock } from "@/lib/server/db/advisory-lock";
import type { StoredEndpoint } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { countSavedCall } from "@/lib/server/metrics";
import {
  endpointPath,
  getPartnerApiWithKey,
  isPartnerApiError,
  type Endpoint,
  type PartnerApiClient,
} from "@/lib/server/partner-api";
import { keyChangedAt } from "@/lib/server/partner-api/key";
import { getMatchKey } from "@/lib/server/privacy/match-key";
import { withoutRestricted } from "@/lib/server/privacy/restrictions";
import { processWide } from "@/lib/server/process-state";

import { apiNow } from "./clock";
import { createFlights } from "./flight";

export interface HeldOptions {
  /** The browser's request: when every caller waiting for a call has gone, the call is aborted. */
  signal?: AbortSignal;
  /** The person pressed Refresh: read the live fields now (coalesced, and limited per person). */
  refresh?: boolean;
  /** Who asks, for the per-person limit on Refresh. */
  viewerId?: string;
  /**
   * Serve only what Daybook holds, never calling the API (a reveal reads the copy its screen was
   * served, so revealing numbers costs the API nothing and cannot be used to make Daybook call it):
   * no live refresh, no fetch of a missing part; a day not held at all is `day_not_held`.
   */
  heldOnly?: boolean;
}

function notHeld(): AppError {
  return new AppError(
    404,
    "day_not_held",
    "Daybook holds no copy of that day yet: open the report first.",
    "dayNotHeld",
  );
}

export type Held<E extends StoredEndpoint> =
  | {
      kind: "held";
      report: ReportOf<E>;
      held: HeldCopy;
      /** Changes whenever what is stored of the day does (dayParts): what is made of the report may be kept by it. */
      version: string;
    }
  /** Daybook cannot place the properties in their days yet (no zone known): the API's own answer. */
  | { kind: "live"; report: ReportOf<E> };

/** A person's Refresh re-reads the live fields at most this often. */
export const REFRESH_PER_PERSON_MS = 30_000;
/** A reading this recent answers a Refresh: someone else just asked. */
const FRESH_ENOUGH_MS = 10_000;

const flights = processWide("reports.flights", createFlights);

/**
 * What changes only with a pull, read at most once per RECENT_MS: asked on every
 * report, it would cost each request its own queries. This process's own calls clear it at once;
 * another instance's change is seen within RECENT_MS.
 */
const RECENT_MS = 2_000;
const recent = processWide("reports.recent", () => new Map<string, { at: number; value: Promise<unknown> }>());
function recently<T>(name: string, read: () => Promise<T>): Promise<T> {
  const kept = recent.get(name);
  if (kept && Date.now() - kept.at < RECENT_MS) return kept.value as Promise<T>;
  const value = read();
  recent.set(name, { at: Date.now(), value });
  value.catch(() => recent.delete(name));
  return value;
}
const knownProperties = (db: Database) => recently("knownProperties", () => readKnownProperties(db));

/** The properties the key reaches with the zones their arrivals named, as Daybook last learned them. */
export function knownPropertyZones(db: Database): Promise<PropertyZones[]> {
  return knownProperties(db);
}
/** Reports the current key has answered since it changed, by report and the key's change time. */
const confirmedKeys = processWide("reports.confirmedKeys", () => new Set<string>());
const refreshedBy = processWide("reports.refreshedBy", () => new Map<string, number>());

type HeldDay = { report: ReportOf<StoredEndpoint>; copy: StoredCopy };
const memory = processWide("reports.held", () => {
  const bytes = getConfig().upstream.heldCacheBytes;
  return bytes > 0
    ? new LRUCache<string, { version: string; day: HeldDay }>({
        maxSize: bytes,
        // Parsed reports weigh about twice their JSON: an item of guests is ~700 bytes as JSON.
        sizeCalculation: (entry) => 4_096 + ("items" in entry.day.report ? entry.day.report.items.length * 1_500 : 0),
      })
    : null;
});

/**
 * Empties this process's copies of stored days at once, after an erasure or a restriction: the
 * changed version would stop them being served anyway, but an erased guest must not stay in memory
 * until the copy is evicted. Other instances drop theirs by the day's version.
 */
export function forgetHeldDays(): void {
  memory?.clear();
  recent.clear();
}

/**
 * One stored day, from memory while what is stored of it has not changed (`version` from
 * dayParts), else read and kept. The copy is shared: callers never change it.
 */
export async function readHeldDay<E extends StoredEndpoint>(
  db: Database,
  endpoint: E,
  day: string,
  version: string,
): Promise<{ report: ReportOf<E>; copy: StoredCopy } | null> {
  const key = `${endpoint}|${day}`;
  const hit = memory?.get(key);
  let read = hit?.version === version ? (hit.day as { report: ReportOf<E>; copy: StoredCopy }) : null;
  if (!read) {
    read = await readStoredReport(db, endpoint, day);
    if (read) memory?.set(key, { version, day: read });
  }
  if (!read || endpoint === "usage") return read;
  // A policy changed since the day was stored: what it no longer keeps is not served, even before
  // housekeeping removes it from the store (the same object when nothing is left out).
  const report = keptAnswer(endpoint, read.report, await currentPolicies(db));
  return report === read.report ? read : { ...read, report };
}

/**
 * The day a screen's "yesterday" shows for these properties: the newest local day every one of
 * them has closed, with the grace the API takes to compute it. Each property is shown its own
 * local day of that date; a property east of the others is a day ahead at the API by then, and
 * its day of that date came from the pull before.
 */
export function viewDay(properties: readonly PropertyZones[], now: Date, graceMs: number): string | null {
  const closed = new Date(now.getTime() - graceMs);
  const days = properties.flatMap((property) => reportedDayOf(property.zones, closed) ?? []);
  return days.length > 0 ? days.sort()[0]! : null;
}

/** The day "yesterday" is for the person now (see viewDay); null before Daybook knows a zone of theirs. */
export async function yesterdayOf(scope: PropertyScope): Promise<string | null> {
  const known = await knownProperties(await getDb());
  const mine = known.filter((property) => property.zones.length > 0 && canSeeProperty(scope, property.name));
  return viewDay(mine, await apiNow(), getConfig().history.graceMinutes * 60_000);
}

export async function heldYesterday<E extends StoredEndpoint>(
  endpoint: E,
  scope: PropertyScope,
  propertyName: string | undefined,
  options: HeldOptions = {},
): Promise<Held<E>> {
  const db = await getDb();
  const { history, upstream } = getConfig();
  const now = await apiNow();
  // Whether this request asked for a call: one that needed none was answered by the held copy.
  let asked = false;
  const callAndKeep: typeof callAndKeepOnce = (...args) => {
    asked = true;
    return callAndKeepOnce(...args);
  };
  let known = await knownProperties(db);
  if (!options.heldOnly && endpoint !== "guests" && !known.some((property) => property.zones.length > 0)) {
    // A first start: the guest arrivals name the properties' zones, which place each in its day.
    const unplaced = async () => !(await readKnownProperties(db)).some((property) => property.zones.length > 0);
    await callAndKeep(db, "guests", undefined, unplaced, options).catch(() => undefined);
    recent.clear();
    known = await knownProperties(db);
  }
  const mine = known.filter((property) => property.zones.length > 0 && canSeeProperty(scope, property.name));
  const targets = mine.filter(
    (property) => propertyName === undefined || propertyKey(property.name) === propertyKey(propertyName),
  );
  // The day is the person's, whatever the filter: filtering to an eastern property keeps the page
  // on the day the person's every property has closed.
  const day = targets.length > 0 ? viewDay(mine, now, history.graceMinutes * 60_000) : null;
  // Nothing placed yet (a first start, a key without the guests report, a name not known): ask.
  if (day === null && options.heldOnly) throw notHeld();
  if (day === null) return { kind: "live", report: (await callAndKeep(db, endpoint, propertyName, null, options))! };

  // The API reports `day` for a property now: what is missing of it can still be fetched.
  const reportsDay = (property: PropertyZones) => reportedDayOf(property.zones, now) === day;
  const filter = propertyName ?? (scope.allProperties || targets.length > 1 ? undefined : targets[0]!.name);
  let stale: StaleNotice | null = null;
  let state = await dayParts(db, endpoint, day);
  const missing = (parts: DayPart[] | undefined) =>
    targets.filter((property) => reportsDay(property) && !parts?.some((part) => part.name === property.name));

  if (options.heldOnly) {
    if (!state) throw notHeld();
    const read = await readHeldDay(db, endpoint, day, state.version);
    if (!read) throw notHeld();
    return { kind: "held", report: read.report, held: { ...read.copy, stale: null }, version: state.version };
  }
  if (missing(state?.parts).length > 0) {
    try {
      const report = await callAndKeep(
        db,
        endpoint,
        filter,
        async () => {
          const now = await dayParts(db, endpoint, day);
          return missing(now?.parts).length > 0;
        },
        options,
      );
      state = await dayParts(db, endpoint, day);
      // The API answered another day than Daybook's clock expected (a clock set apart): its answer stands.
      if (!state && report) return { kind: "live", report };
    } catch (error) {
      if (!state || !isPartnerApiError(error)) throw error;
      stale = staleNotice(error);
    }
  }
  // Without `stillNeeded` the call is always made, so it has an answer.
  if (!state) return { kind: "live", report: (await callAndKeep(db, endpoint, filter, null, options))! };
  // A key changed since the day was pulled may not be enabled for this report, or not accepted at
  // all: the API is asked once with it (one call for everyone at a time), and only once it has
  // answered is what Daybook holds served again.
  // Read every time: a rotation takes effect at once (it is one indexed row).
  const changed = await keyChangedAt(db);
  const confirmation = `${endpoint}|${changed?.getTime()}`;
  if (changed && !confirmedKeys.has(confirmation) && state.parts.some((part) => part.pulledAt < changed)) {
    const report = (await callAndKeep(db, endpoint, propertyName, null, options))!;
    confirmedKeys.add(confirmation);
    return { kind: "live", report };
  }

  if (endpoint === "guests" && stale === null) {
    const live = state.parts.filter((part) =>
      targets.some((property) => property.name === part.name && reportsDay(property)),
    );
    const oldest = Math.min(...live.map((part) => part.liveObservedAt?.getTime() ?? 0));
    if (live.length > 0 && refreshDue(oldest, upstream.liveRefreshMs, options)) {
      try {
        await callAndKeep(
          db,
          endpoint,
          filter,
          async () => {
            const current = await dayParts(db, endpoint, day);
            const readings = current?.parts.filter((part) => live.some((wanted) => wanted.name === part.name)) ?? [];
            return Math.min(...readings.map((part) => part.liveObservedAt?.getTime() ?? 0)) <= oldest;
          },
          options,
        );
        state = (await dayParts(db, endpoint, day)) ?? state;
      } catch (error) {
        if (!isPartnerApiError(error)) throw error;
        stale = staleNotice(error);
      }
    }
  }

  const read = await readHeldDay(db, endpoint, day, state.version);
  if (!read) throw new Error(`the stored ${endpoint} of ${day} vanished while it was read`);
  if (!asked) countSavedCall(apiPathOf(endpoint), "held_copy");
  return { kind: "held", report: read.report, held: { ...read.copy, stale }, version: state.version };
}

function refreshDue(oldest: number, windowMs: number, { refresh, viewerId }: HeldOptions): boolean {
  const age = Date.now() - oldest;
  if (!refresh) return age >= windowMs;
  if (age < FRESH_ENOUGH_MS) return false;
  const key = viewerId ?? "";
  const last = refreshedBy.get(key) ?? 0;
  if (Date.now() - last < REFRESH_PER_PERSON_MS) return age >= windowMs;
  refreshedBy.set(key, Date.now());
  return true;
}

function staleNotice(error: { code: string; correlationId: string | null; detail: string }): StaleNotice {
  return {
    failedAt: new Date().toISOString(),
    code: error.code,
    correlationId: error.correlationId,
    detail: describeUpstreamFailure(error.code),
  };
}

function fetchReport<E extends StoredEndpoint>(
  client: PartnerApiClient,
  endpoint: E,
  propertyName: string | undefined,
  signal: AbortSignal,
): Promise<ReportOf<E>> {
  switch (endpoint) {
    case "usage":
      return client.usage({ signal }) as Promise<ReportOf<E>>;
    case "guests":
      return client.guests({ propertyName }, { signal }) as Promise<ReportOf<E>>;
    default:
      return client.criminalArrivals({ propertyName }, { signal }) as Promise<ReportOf<E>>;
  }
}

/** The API's path of a stored report, as the upstream metrics name it. */
function apiPathOf(endpoint: StoredEndpoint): string {
  const api: Endpoint = endpoint === "usage" ? "usage/dashboard" : endpoint;
  return endpointPath(api);
}

/**
 * One call of `endpoint` (narrowed to `propertyName` where the endpoint allows), kept in the store,
 * however many ask at once in this process and across instances. Under the lock `stillNeeded` is
 * asked again: another instance may have stored the day meanwhile, and then no call is made (the
 * answer is then undefined). Without `stillNeeded` the call is always made.
 */
async function callAndKeepOnce<E extends StoredEndpoint>(
  db: Database,
  endpoint: E,
  propertyName: string | undefined,
  stillNeeded: (() => Promise<boolean>) | null,
  { signal }: HeldOptions,
): Promise<ReportOf<E> | undefined> {
  const { client, keyLast4 } = await getPartnerApiWithKey();
  const filter = endpoint === "usage" ? undefined : propertyName;
  const key = `${keyLast4}|${endpoint}|${filter === undefined ? "" : propertyKey(filter)}`;
  // Checked just before joining, with nothing awaited between: a caller who finds the call in
  // flight shares it, and one call is saved.
  if (flights.inFlight().includes(key)) countSavedCall(apiPathOf(endpoint), "single_flight");
  return flights.run(
    key,
    async (flightSignal) => {
      const locked = await withAdvisoryLock(
        db,
        `daybook fill ${key}`,
        async () => {
          if (stillNeeded && !(await stillNeeded())) {
            // Stored meanwhile (by another instance, or a call just before): the held copy answers.
            countSavedCall(apiPathOf(endpoint), "held_copy");
            return undefined;
          }
          const pulledAt = new Date();
          const report = await fetchReport(client, endpoint, filter, flightSignal);
          const apiTime = "apiRequestedAt" in report ? new Date(report.apiRequestedAt) : await apiNow();
          const privacy = await readStorePrivacy(db);
          await storeReport(db, endpoint, report, { pulledAt, apiNow: apiTime, filter, privacy });
          recent.clear();
          // Whoever is served this answer ("live", before its days can be placed) gets what the store
          // kept of it, never the fields or criminal arrivals its properties' policies do not keep,
          // nor a restricted guest's arrival.
          const kept = keptAnswer(endpoint, report, privacy.policies);
          if (endpoint !== "guests" || privacy.restrictions.length === 0 || !("items" in kept)) return kept;
          const guests = kept as ReportOf<"guests">;
          const items = withoutRestricted(guests.items, privacy.restrictions, await getMatchKey(db, getKeyring()));
          return { ...guests, items, totalCount: items.length } as unknown as typeof kept;
        },
        { wait: true },
      );
      return locked.acquired ? locked.value : undefined;
    },
    signal,
  );
}
