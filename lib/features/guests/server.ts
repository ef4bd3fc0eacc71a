import "server-only";

import { canSeeProperty, propertyKey, scopeKey, type PropertyScope, type Viewer } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { readUserPreference, writeUserPreference } from "@/lib/features/preferences/server";
import { getGuestsReport, getGuestsReportWithFullIdentification, getSharedNames } from "@/lib/features/reports/server";
import type { Arrivals, GuestArrival, GuestsReport } from "@/lib/features/reports/types";
import { recordWithinLimit } from "@/lib/server/audit/limit";
import { recordAudit } from "@/lib/server/audit/record";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { logFailure } from "@/lib/server/log";
import { isPartnerApiError } from "@/lib/server/partner-api";
import { processWide } from "@/lib/server/process-state";

import { GUEST_COLUMNS_PREFERENCE, parseStoredColumns, type OptionalColumnId } from "./columns";
import { matchingArrivals, type RevealInput } from "./match";
import { fingerprintOf, FIRST_PAGE_SIZE, indexArrivals, pageOf, type GuestIndex } from "./query";
import { propertyNames } from "./rows";
import type { GuestRowsPage, GuestRowsQuery, GuestRowsRequest, GuestsFirstScreen, GuestsReportInfo } from "./types";

/** The person's column choice for the first paint; the default when none is stored or the database cannot say. */
export async function readGuestColumns(userId: string): Promise<OptionalColumnId[]> {
  try {
    return parseStoredColumns(await readUserPreference(userId, GUEST_COLUMNS_PREFERENCE));
  } catch (error) {
    logFailure("guests: reading the column choice", error);
    return parseStoredColumns(null);
  }
}

export async function writeGuestColumns(userId: string, visible: readonly OptionalColumnId[]): Promise<void> {
  await writeUserPreference(userId, GUEST_COLUMNS_PREFERENCE, { visible: [...visible] });
}

/**
 * A reveal's answer. A refusal's `message` is in English, for logs and tests; the person is told
 * in their own words by `reason` (lib/features/guests/actions.ts), with `count` and `retryAt` of a
 * reached limit.
 */
export type RevealOutcome =
  | { ok: true; identificationNumber: string }
  | {
      ok: false;
      reason: "not_found" | "ambiguous" | "upstream" | "limited";
      message: string;
      correlationId?: string | null;
      count?: number;
      retryAt?: Date;
    };

/** The window of the per-person reveal limit (DAYBOOK_REVEALS_PER_HOUR): any 60 minutes. */
export const REVEAL_WINDOW_MS = 60 * 60_000;

/** Where a reveal was asked from, and when (the limit's window ends at `now`). */
export interface RevealContext {
  clientAddress: string | null;
  now?: Date;
}

const NOT_FOUND: RevealOutcome = {
  ok: false,
  reason: "not_found",
  message: "This arrival is no longer in the report, or is not available to you. Refresh the list and try again.",
};

/**
 * The day's arrivals at a property, unmasked, through the reports' scoped entry point: the copy of
 * yesterday Daybook holds, the one the screen was served (never a call to the API, heldOnly), or a
 * stored day. A name shared by several properties is read unfiltered and narrowed here (both reads
 * from what is held); a property or day with nothing to show has no arrival to reveal.
 */
async function arrivalsAt(viewer: Viewer, propertyName: string, day: string | undefined): Promise<GuestArrival[]> {
  const options = { heldOnly: true };
  try {
    return (await getGuestsReportWithFullIdentification(viewer, propertyName, day, options)).items;
  } catch (error) {
    if (isPartnerApiError(error) && error.code === "property_name_ambiguous") {
      const key = propertyKey(propertyName);
      const all = await getGuestsReportWithFullIdentification(viewer, undefined, day, options);
      return all.items.filter((item) => propertyKey(item.propertyName) === key);
    }
    if (isPartnerApiError(error) && error.code === "property_not_found") return [];
    // A day never stored, or whose guest data the retention period removed, has no arrival left.
    if (error instanceof AppError && (error.status === 404 || error.status === 410)) return [];
    throw error;
  }
}

/**
 * One full identification number, for one arrival, for a person who may see its property, with an
 * audit entry that names neither the guest nor the number; at most DAYBOOK_REVEALS_PER_HOUR a
 * person within any 60 minutes, so numbers cannot be harvested one reveal at a time. (The only
 * other way a full number leaves the server is an admin's CSV export with a stated reason, audited
 * by lib/features/export.)
 */
export async function revealIdentificationNumber(
  viewer: Viewer,
  input: RevealInput,
  { clientAddress, now = new Date() }: RevealContext,
): Promise<RevealOutcome> {
  const db = await getDb();
  const audit = {
    actor: { id: viewer.id, email: viewer.email },
    clientAddress,
    action: "guest.reveal_id" as const,
    target: "guest identification number",
    propertyName: input.propertyName,
    details: { checkInAtUtc: input.checkInAtUtc, ...(input.day && { storedDay: input.day }) },
  };
  if (!canSeeProperty(viewer, input.propertyName)) {
    await recordAudit(db, { ...audit, outcome: "failure", details: { ...audit.details, reason: "not available" } });
    return NOT_FOUND;
  }

  let items: GuestArrival[];
  try {
    items = await arrivalsAt(viewer, input.propertyName, input.day);
  } catch (error) {
    const correlationId = isPartnerApiError(error) ? error.correlationId : null;
    return {
      ok: false,
      reason: "upstream",
      message: "The Partner API could not be read just now, so nothing was revealed. Try again shortly.",
      correlationId,
    };
  }

  const found = matchingArrivals(items, input).filter((item) => canSeeProperty(viewer, item.propertyName));
  if (found.length !== 1) {
    const reason = found.length === 0 ? "not found" : "several matches";
    await recordAudit(db, { ...audit, outcome: "failure", details: { ...audit.details, reason } });
    return found.length === 0
      ? NOT_FOUND
      : {
          ok: false,
          reason: "ambiguous",
          message: "Several arrivals match this one exactly, so Daybook will not pick one.",
        };
  }
  const max = getConfig().privacy.revealsPerHour;
  const limited = await recordWithinLimit(db, audit, { max, windowMs: REVEAL_WINDOW_MS, now });
  if (!limited.recorded) {
    await recordAudit(db, {
      ...audit,
      outcome: "failure",
      details: { ...audit.details, reason: "limit reached", limit: max },
    });
    return {
      ok: false,
      reason: "limited",
      count: limited.count,
      retryAt: limited.retryAt,
      message: `Nothing was revealed: you have revealed ${limited.count} identification numbers in the last hour, the most one person may. You can reveal again at ${limited.retryAt.toISOString().slice(11, 16)} UTC.`,
    };
  }
  const number = found[0]!.identificationNumber;
  // The property's privacy policy did not keep it: there is nothing to reveal (the screen says so).
  if (number === undefined) return NOT_FOUND;
  return { ok: true, identificationNumber: number };
}

/** Indexes of days' reports kept in this process, the most recently used last. */
const INDEXES_KEPT = 8;
const INDEX_IDLE_MS = 15 * 60_000;

interface KeptIndex {
  fingerprint: string;
  index: GuestIndex;
  usedAt: number;
}

/**
 * One index per report reading, found by who may see what, the filter and the day, and used while
 * the reading is the same (its fingerprint, about a millisecond for a 20,000-arrival day). The key
 * names a scope, never a person, so people who see the same properties share an index; an index
 * holds positions and search text, not the arrivals.
 */
const indexes = processWide("guests.rowIndexes", () => new Map<string, KeptIndex>());

/** Drops every index at once: after a guest's erasure or restriction no search text of theirs stays here. */
export function forgetGuestIndexes(): void {
  indexes.clear();
}

function indexOf(
  scope: PropertyScope,
  propertyName: string | undefined,
  day: string | undefined,
  report: GuestsReport,
): GuestIndex {
  const now = Date.now();
  const key = JSON.stringify([scopeKey(scope), propertyName ? propertyKey(propertyName) : null, day ?? null]);
  const fingerprint = fingerprintOf(report.reportedDateLocal, report.items);
  const kept = indexes.get(key);
  const index = kept?.fingerprint === fingerprint ? kept.index : indexArrivals(report.items);
  indexes.delete(key);
  indexes.set(key, { fingerprint, index, usedAt: now });
  for (const [oldKey, old] of indexes) {
    if (indexes.size <= INDEXES_KEPT && now - old.usedAt < INDEX_IDLE_MS) break;
    indexes.delete(oldKey);
  }
  return index;
}

/**
 * The property a filter resolved to, as the report spells it: the API names it, and a report
 * without that name (one Daybook assembled) names it through its arrivals, when they are all at
 * one property.
 */
function resolvedProperty(report: GuestsReport, filter: string | undefined): string | undefined {
  if (filter === undefined) return undefined;
  if (report.propertyName !== undefined) return report.propertyName;
  const names = new Set(report.items.map((item) => item.propertyName));
  return names.size === 1 ? [...names][0] : undefined;
}

function reportInfo(report: Arrivals<GuestsReport>, filter: string | undefined, readAt: Date): GuestsReportInfo {
  const propertyName = resolvedProperty(report, filter);
  return {
    reportedDateLocal: report.reportedDateLocal,
    ...(propertyName !== undefined && { propertyName }),
    message: report.message,
    storedCopy: report.storedCopy,
    ...(report.held !== undefined && { held: report.held }),
    readAt: readAt.toISOString(),
    sharedNames: report.sharedNames,
    ...(report.purgedProperties && { purgedProperties: report.purgedProperties }),
    ...(report.erasedArrivals !== undefined && { erasedArrivals: report.erasedArrivals }),
  };
}

/**
 * A page of the day's arrivals for the guests screen, searched, filtered and sorted here: the
 * report is read through the reports' scoped entry point (identification numbers masked), and only
 * the rows asked for leave the server. `signal` is the browser's request, which a newer search
 * supersedes.
 */
export async function readGuestRows(
  viewer: Viewer,
  request: GuestRowsRequest,
  signal?: AbortSignal,
): Promise<GuestRowsPage> {
  const readAt = new Date();
  const report = await getGuestsReport(viewer, request.propertyName, request.day, {
    signal,
    refresh: request.refresh,
    viewerId: viewer.id,
  });
  const index = indexOf(viewer, request.propertyName, request.day, report);
  return pageOf(index, report.items, request, reportInfo(report, request.propertyName, readAt));
}

/**
 * The guests screen's first paint: the first page of the query and the property names the filter
 * offers (those in the day's report and those granted to the person), not the whole day.
 */
export async function readGuestsFirstScreen(
  viewer: Viewer,
  propertyName: string | undefined,
  day: string | undefined,
  query: GuestRowsQuery,
): Promise<GuestsFirstScreen> {
  const readAt = new Date();
  const report = await getGuestsReport(viewer, propertyName, day, { viewerId: viewer.id });
  const index = indexOf(viewer, propertyName, day, report);
  return {
    query,
    page: pageOf(
      index,
      report.items,
      { ...query, offset: 0, limit: FIRST_PAGE_SIZE },
      reportInfo(report, propertyName, readAt),
    ),
    properties: propertyNames(report.items, viewer.allProperties ? [] : viewer.properties),
    shared: await getSharedNames(viewer),
  };
}
