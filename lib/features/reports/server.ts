/**
 * Reports as the signed-in person may see them: the scoped entry point that pages, route handlers,
 * server actions and other features call for a report. Apart from this module, only the daily pull
 * and the admin's connection test call the Partner API client, both with the key's own scope.
 */

import "server-only";

import { LRUCache } from "lru-cache";
import { getTranslations } from "next-intl/server";

import { canSeeProperty, propertyKey, scopeKey, type PropertyScope } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { requireDay } from "@/lib/core/days";
import { AppError, type UpstreamFailure } from "@/lib/core/errors";
import { createFormatter, DEFAULT_HABITS, maskIdentification, type Formatter } from "@/lib/core/format";
import { propertyChoicesOf, type PropertyChoice } from "@/lib/core/property-choices";
import { namesInSeveralZones, rowLabels, sharedRowNames, withLocalZones } from "@/lib/core/property-names";
import { coveredByDay } from "@/lib/features/history/day-coverage";
import { placeArrivals, sharedNamesIn } from "@/lib/features/history/placement";
import { readUsageRowZones } from "@/lib/features/history/row-zones";
import { dayParts, listStoredDays, type ReportOf } from "@/lib/features/history/store";
import type { HeldCopy, PurgeNotes, StoredCopy, WithCopy } from "@/lib/features/history/types";
import { getFormat } from "@/lib/features/preferences/server";
import { policiesKey } from "@/lib/features/privacy/answer";
import { criminalNotKeptFor, currentPolicies, readPolicies } from "@/lib/features/privacy/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import type { StoredEndpoint } from "@/lib/server/db/schema";
import { getUpstreamHealth, isPartnerApiError, PartnerApiError, type UpstreamHealth } from "@/lib/server/partner-api";
import type { Endpoint } from "@/lib/server/partner-api/errors";
import { processWide } from "@/lib/server/process-state";

import { apiNow } from "./clock";
import {
  dayChoiceLabel,
  liveDayLabel,
  notStoredSentence,
  pendingProperties,
  type DayChoice,
  type ReportWords,
} from "./day-choice";
import { forgetHeldDays, heldYesterday, knownPropertyZones, readHeldDay, yesterdayOf, type HeldOptions } from "./held";
import { dayPurged, offeredGuestDays, readPurgeNotes } from "./purged";
import { scopeUsageReport, type ScopedUsageReport } from "./scope";
import type { Arrivals, CriminalArrivals, GuestsReport, SharedName } from "./types";

/**
 * The days a report screen can show from Daybook's history, newest first. Which days exist says
 * nothing about any property, so everyone who may open the screen sees the same list. A guest
 * screen does not offer a day whose guest data retention removed for every property the person
 * (`scope`) may see; without a scope, for every property.
 */
export async function getStoredDays(endpoint: StoredEndpoint, scope?: PropertyScope): Promise<StoredCopy[]> {
  const db = await getDb();
  const days = await listStoredDays(db, endpoint);
  return endpoint === "usage" ? days : offeredGuestDays(db, endpoint, days, scope);
}

/**
 * The days a report screen offers the person, newest first: those on which at least one of their
 * properties is stored, each labelled with what it covers of them and when the others' day closes.
 * Before Daybook knows any property (a first start), every stored day, labelled as a stored copy.
 * The labels are in the words and formats of the person the page is drawn for.
 */
export async function getDayChoices(
  endpoint: StoredEndpoint,
  scope: PropertyScope,
): Promise<{ yesterday: string | null; days: DayChoice[] }> {
  const [t, format] = await Promise.all([getTranslations("reports"), getFormat()]);
  const [yesterday, days] = await Promise.all([yesterdayOf(scope), storedDayChoices(endpoint, scope, t, format)]);
  return { yesterday: yesterday === null ? null : liveDayLabel(yesterday, t, format), days };
}

async function storedDayChoices(
  endpoint: StoredEndpoint,
  scope: PropertyScope,
  t: ReportWords,
  format: Formatter,
): Promise<DayChoice[]> {
  const db = await getDb();
  const [days, known] = await Promise.all([getStoredDays(endpoint, scope), knownPropertyZones(db)]);
  const mine = known.filter((property) => canSeeProperty(scope, property.name));
  if (mine.length === 0) {
    return days.map((copy) => ({ ...pickCopy(copy), label: dayChoiceLabel(copy.reportedDate, null, [], t, format) }));
  }
  const names = mine.map((property) => property.name);
  const [covered, now] = await Promise.all([coveredByDay(db, endpoint, names), apiNow()]);
  const grace = getConfig().history.graceMinutes * 60_000;
  return days.flatMap((copy) => {
    const day = covered.get(copy.reportedDate);
    if (day === undefined || day === 0 || (Array.isArray(day) && day.length === 0)) return [];
    if (typeof day === "number")
      return [{ ...pickCopy(copy), label: dayChoiceLabel(copy.reportedDate, day, [], t, format) }];
    const missing = names.filter((name) => !day.includes(name));
    const pending = pendingProperties(copy.reportedDate, missing, mine, now, grace);
    return [{ ...pickCopy(copy), label: dayChoiceLabel(copy.reportedDate, day.length, pending, t, format) }];
  });
}

/** The person's yesterday: the newest day every one of their properties has closed; null before a zone is known. */
export function getYesterday(scope: PropertyScope): Promise<string | null> {
  return yesterdayOf(scope);
}

function pickCopy(copy: StoredCopy): Pick<DayChoice, "date" | "pulledAt"> {
  return { date: copy.reportedDate, pulledAt: copy.pulledAt };
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
  if (covered.length === 0 && pending.length > 0) {
    const { t, format } = await refusalWords();
    throw new AppError(404, "day_not_stored", notStoredSentence(copy.reportedDate, pending, t, format));
  }
  return { ...copy, coverage: { covered, missing, pending } };
}

const standardFormat = createFormatter(DEFAULT_HABITS);

/**
 * The words of a refusal: the person's where a request asks for the report, Daybook's English
 * where none does (the digest mail, a command), as Daybook's other refusals.
 */
async function refusalWords(): Promise<{ t: ReportWords; format: Formatter }> {
  try {
    const [t, format] = await Promise.all([getTranslations("reports"), getFormat()]);
    return { t, format };
  } catch {
    return { t: translatorFor("en", "reports"), format: standardFormat };
  }
}

/** A refusal worded as the API words it, so a screen cannot tell Daybook's answer from the API's. */
function refusal(
  endpoint: Endpoint,
  code: "property_not_found" | "property_name_ambiguous",
  detail: string,
): PartnerApiError {
  return new PartnerApiError({
    endpoint,
    status: 404,
    code,
    detail,
    correlationId: null,
    retryable: false,
    attempts: 0,
  });
}

function notFoundFor(endpoint: Endpoint): PartnerApiError {
  // Exactly what the API says of a name it does not know: whether the property exists is not told.
  return refusal(endpoint, "property_not_found", "No property by that name is available to you.");
}

function checkFilter(scope: PropertyScope, endpoint: Endpoint, propertyName: string | undefined) {
  if (propertyName !== undefined && !canSeeProperty(scope, propertyName)) throw notFoundFor(endpoint);
}

/** The API's own "not found" is reworded the same way, so the two cannot be told apart. */
async function sameNotFound<T>(endpoint: Endpoint, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PartnerApiError && error.code === "property_not_found") throw notFoundFor(endpoint);
    throw error;
  }
}

/**
 * Yesterday as Daybook holds it (lib/features/reports/held.ts), or `day` from Daybook's own
 * history. `propertyName` narrows what yesterday must hold; the caller narrows the items.
 */
async function pull<E extends StoredEndpoint>(
  endpoint: E,
  scope: PropertyScope,
  propertyName: string | undefined,
  day: string | undefined,
  options: ReportOptions,
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
  if (!stored) throw new AppError(404, "day_not_stored", (await refusalWords()).t("refusals.noStoredCopy", { day }));
  // A purged day has no items left: saying "no arrivals" would be false.
  if (endpoint !== "usage" && stored.copy.itemsPurgedAt) throw dayPurged(day, (await refusalWords()).t);
  return { report: stored.report, storedCopy: stored.copy, held: null, fromStore: true, version: parts!.version };
}

interface Pulled<R> {
  report: R;
  storedCopy: StoredCopy | null;
  held: HeldCopy | null;
  /** From Daybook's store, which holds every property: a property filter is applied here. */
  fromStore: boolean;
  /** What is stored of the day, as dayParts names it; null for the API's own answer. */
  version: string | null;
}

function ambiguousFor(endpoint: Endpoint): PartnerApiError {
  return refusal(endpoint, "property_name_ambiguous", "Several of your properties share that name.");
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

/**
 * The names several properties the person may see share, as far as Daybook knows: the zones the
 * arrivals of one name came from (two same-named properties in one zone cannot be told apart by
 * anything the API sends). Access is granted by name, so this tells nobody of a property they
 * may not see.
 */
export async function getSharedNames(scope: PropertyScope): Promise<SharedName[]> {
  const shared = sharedNamesIn(await knownPropertyZones(await getDb()));
  return shared.filter((entry) => canSeeProperty(scope, entry.name));
}

/** The shared names an arrivals report shows with their zones: the known ones, and any its own items reveal. */
async function sharedNamesOf(
  scope: PropertyScope,
  items: readonly { propertyName: string; propertyTimeZone: string }[],
): Promise<string[]> {
  const names = new Map<string, string>();
  for (const name of [...(await getSharedNames(scope)).map((entry) => entry.name), ...namesInSeveralZones(items)])
    names.set(propertyKey(name), name);
  return [...names.values()];
}

/** What a report call may carry besides the report's own parameters. */
export type ReportOptions = HeldOptions;

export async function getUsageReport(
  scope: PropertyScope,
  day?: string,
  options: ReportOptions = {},
): Promise<WithCopy<ScopedUsageReport>> {
  const pulled = await pull("usage", scope, undefined, day, options);
  const copies = await copiesOf(pulled, scope, undefined);
  const report = scopeUsageReport(pulled.report, scope);
  return { ...report, ...(await rowZonesOf(report)), ...copies };
}

/** `rowZones` for a report whose rows share a name; nothing is read for one without. */
async function rowZonesOf(report: ScopedUsageReport): Promise<Pick<ScopedUsageReport, "rowZones">> {
  if (sharedRowNames(report.byProperty).length === 0) return {};
  const day = {
    day: report.reportedDateLocal,
    scansRecorded: report.totals.scans.value !== null,
    byProperty: report.byProperty,
  };
  return { rowZones: await readUsageRowZones(await getDb(), [day]) };
}

export async function getGuestsReport(
  scope: PropertyScope,
  propertyName?: string,
  day?: string,
  options: ReportOptions = {},
): Promise<Arrivals<GuestsReport>> {
  return guestsReport(scope, propertyName, day, maskIdentification, options);
}

/**
 * The guests report with full identification numbers: only for the audited reveal of one number
 * (lib/features/guests/server.ts) and a CSV export the person explicitly asked for, whose role may
 * reveal numbers (lib/features/export checks the role and audits the export).
 */
export async function getGuestsReportWithFullIdentification(
  scope: PropertyScope,
  propertyName?: string,
  day?: string,
  options: ReportOptions = {},
): Promise<Arrivals<GuestsReport>> {
  return guestsReport(scope, propertyName, day, (value) => value, options);
}

async function guestsReport(
  scope: PropertyScope,
  propertyName: string | undefined,
  day: string | undefined,
  identification: (value: string) => string,
  options: ReportOptions,
): Promise<Arrivals<GuestsReport>> {
  checkFilter(scope, "guests", propertyName);
  const pulled = await pull("guests", scope, propertyName, day, options);
  const copies = await copiesOf(pulled, scope, propertyName);
  const notes = await notesOf("guests", pulled, scope, propertyName);
  // The masked view of a stored day is the same for everyone who sees the same properties: made
  // once per version of the day (a 20,000-arrival day takes tens of milliseconds to copy), not per
  // request. A stale notice belongs to one request, and full numbers are never kept.
  const key =
    identification === maskIdentification && pulled.version && !pulled.held?.stale
      ? JSON.stringify([
          pulled.version,
          // A changed privacy policy changes what is served of the same stored day.
          policiesKey(await currentPolicies(await getDb())),
          scopeKey(scope),
          propertyName ? propertyKey(propertyName) : null,
        ])
      : null;
  const kept = key ? maskedViews.get(key) : undefined;
  // The notes are read each time: they name policies, which change without the day changing.
  if (kept) return { ...kept, ...copies, ...notes };
  const narrow = await narrowed(pulled, "guests", propertyName);
  const items = narrow.items
    .filter((item) => canSeeProperty(scope, item.propertyName))
    .map((item) =>
      item.identificationNumber === undefined
        ? item
        : { ...item, identificationNumber: identification(item.identificationNumber) },
    );
  const report = withItems(pulled, copies, narrow.propertyName, items, scope, await sharedNamesOf(scope, items));
  if (key) maskedViews.set(key, report);
  return { ...report, ...notes };
}

/**
 * What a day from Daybook's store says of the guest data it no longer holds (parts purged by
 * their property's retention, arrivals erased); throws 410 when nothing the person asked for is
 * left. The API's own answer holds everything it reports.
 */
async function notesOf(
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
    return readPurgeNotes(db, { ...asked, t: (await refusalWords()).t });
  }
}

/**
 * Drops every copy of a stored day this process holds (the days and their masked views), for a
 * guest's erasure or restriction: nothing of the guest stays in memory here.
 */
export function forgetHeldReports(): void {
  forgetHeldDays();
  maskedViews.clear();
}

/** Masked guests reports, by day version, scope and filter: a few screens' worth. */
const maskedViews = processWide(
  "reports.maskedGuests",
  // Bounded by arrivals: about three views of the largest known day.
  () =>
    new LRUCache<string, Arrivals<GuestsReport>>({
      maxSize: 60_000,
      sizeCalculation: (report) => report.items.length + 1,
    }),
);

interface Copies {
  storedCopy: StoredCopy | null;
  held: HeldCopy | null;
}

/** What the person is told of the copy served: their properties' coverage of it (refused when none). */
async function copiesOf(
  pulled: Pulled<unknown>,
  scope: PropertyScope,
  propertyName: string | undefined,
): Promise<Copies> {
  return {
    storedCopy: await scopedCopy(pulled.storedCopy, scope, propertyName),
    held: await scopedCopy(pulled.held, scope, propertyName),
  };
}

/** A report with the items the person gets, its copy notes cut to what the person may see. */
function withItems<R extends { items: unknown[] }, T>(
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

export async function getCriminalArrivalsReport(
  scope: PropertyScope,
  propertyName?: string,
  day?: string,
  options: ReportOptions = {},
): Promise<CriminalArrivals> {
  checkFilter(scope, "criminal-arrivals", propertyName);
  const pulled = await pull("criminal-arrivals", scope, propertyName, day, options);
  const copies = await copiesOf(pulled, scope, propertyName);
  const notes = await notesOf("criminal-arrivals", pulled, scope, propertyName);
  const narrow = await narrowed(pulled, "criminal-arrivals", propertyName);
  const visible = narrow.items.filter((item) => canSeeProperty(scope, item.propertyName));
  const shared = await sharedNamesOf(scope, []);
  const placed = await placeArrivals(await getDb(), visible, shared);
  const items = withLocalZones(placed, await knownPropertyZones(await getDb()));
  // A property whose policy keeps no criminal details has no list: the screen says so, not "none".
  const criminalNotKept = await criminalNotKeptFor(await getDb(), scope, propertyName);
  return { ...withItems(pulled, copies, narrow.propertyName, items, scope, shared), ...notes, criminalNotKept };
}

/**
 * The items for `propertyName`: the API narrowed its own answer; a day from the store holds every
 * property, and is narrowed here as the API would.
 */
async function narrowed<T extends { propertyName: string }>(
  pulled: Pulled<{ items: T[]; reportedDateLocal: string }>,
  endpoint: Endpoint,
  propertyName: string | undefined,
): Promise<{ items: T[]; propertyName?: string }> {
  const { report } = pulled;
  return pulled.fromStore
    ? narrowStored(report.items, endpoint, propertyName, report.reportedDateLocal)
    : { items: report.items };
}

export interface ConnectionInfo {
  mode: "demo" | "live";
  /** Host and path prefix of the API; never the key. */
  apiHost: string;
}

export interface ReachedProperty {
  name: string;
  /** The name as shown: a shared name says which row of it this is, "Seaside Suites (1 of 2)". */
  label: string;
  /** Null when the day did not record scans (the row's 0 is then not a count). */
  scans: number | null;
}

export type UpstreamStatus =
  | {
      ok: true;
      reportedDateLocal: string;
      /** Null for a person who does not see every property (a fact of the whole group). */
      reportGeneratedAt: string | null;
      apiRequestedAt: string;
      message: string | null;
      properties: ReachedProperty[];
      /** Only the person's own properties are listed. */
      narrowed: boolean;
      /** When the answer shown was read from the API (Daybook serves the day it holds). */
      readAt: string | null;
      /** Whether Daybook is calling the API now, or has stopped after failures in a row. */
      health: UpstreamHealth;
    }
  | { ok: false; error: UpstreamFailure };

export function getConnectionInfo(): ConnectionInfo {
  const { mode, partnerApi } = getConfig();
  const url = new URL(partnerApi.baseUrl);
  return { mode, apiHost: url.host + url.pathname.replace(/\/+$/, "") };
}

/** Asks the usage report which properties the key reaches (of those the person may see). */
export async function getUpstreamStatus(scope: PropertyScope): Promise<UpstreamStatus> {
  const common = await getTranslations("common");
  try {
    const usage = await getUsageReport(scope);
    const labels = rowLabels(usage.byProperty, usage.rowZones, common);
    return {
      ok: true,
      reportedDateLocal: usage.reportedDateLocal,
      reportGeneratedAt: usage.reportGeneratedAt,
      apiRequestedAt: usage.apiRequestedAt,
      message: usage.message,
      properties: usage.byProperty.map((row, index) => ({
        name: row.propertyName,
        label: labels[index]!,
        scans: usage.totals.scans.value === null ? null : row.scans,
      })),
      narrowed: usage.narrowed,
      readAt: usage.held?.pulledAt ?? null,
      health: getUpstreamHealth(),
    };
  } catch (error) {
    if (isPartnerApiError(error)) return { ok: false, error: error.toJSON() };
    throw error;
  }
}

/**
 * The properties a person may choose in a property filter, with the zones Daybook has seen their
 * arrivals in (several zones: a name several properties share, which the API refuses as a filter).
 * Everyone with every property is offered the properties Daybook knows the key reaches; anyone else
 * their own, whether or not Daybook has seen their arrivals yet.
 */
export async function getPropertyChoices(scope: PropertyScope): Promise<PropertyChoice[]> {
  return propertyChoicesOf(await knownPropertyZones(await getDb()), scope);
}
