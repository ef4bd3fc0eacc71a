/**
 * Reports as the signed-in person may see them: the scoped entry point that pages, route handlers,
 * server actions and other features call for a report. How a report is read is in pulled.ts, what
 * a call refuses in refusals.ts and the days a screen offers in stored-days.ts. Apart from this
 * feature (held.ts), only the daily pull and the admin's connection test call the Partner API
 * client, both with the key's own scope.
 */

import "server-only";

import { LRUCache } from "lru-cache";
import { getTranslations } from "next-intl/server";

import { canSeeProperty, propertyKey, scopeKey, type PropertyScope } from "@/lib/core/access";
import type { UpstreamFailure } from "@/lib/core/errors";
import { maskIdentification } from "@/lib/core/format";
import { propertyChoicesOf, type PropertyChoice } from "@/lib/core/property-choices";
import { namesInSeveralZones, rowLabels, sharedRowNames, withLocalZones } from "@/lib/core/property-names";
import { placeArrivals, sharedNamesIn } from "@/lib/features/history/placement";
import { readUsageRowZones } from "@/lib/features/history/row-zones";
import type { WithCopy } from "@/lib/features/history/types";
import { policiesKey } from "@/lib/features/privacy/answer";
import { criminalNotKeptFor, currentPolicies } from "@/lib/features/privacy/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { getUpstreamHealth, isPartnerApiError, type UpstreamHealth } from "@/lib/server/partner-api";
import { processWide } from "@/lib/server/process-state";

import { forgetHeldDays, knownPropertyZones, type HeldOptions } from "./held";
import { copiesOf, narrowed, notesOf, pull, withItems } from "./pulled";
import { checkFilter } from "./refusals";
import { scopeUsageReport, type ScopedUsageReport } from "./scope";
import type { Arrivals, CriminalArrivals, GuestsReport, SharedName } from "./types";

export { getDayChoices, getStoredDays, getYesterday } from "./stored-days";

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
