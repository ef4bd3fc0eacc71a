import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { canSeeProperty, propertyKey, type Viewer } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { getGuestsReportWithFullIdentification } from "@/lib/features/reports/server";
import { auditContext, recordAudit } from "@/lib/server/audit/record";
import { getDb } from "@/lib/server/db";
import { userPreferences } from "@/lib/server/db/schema";
import { logFailure } from "@/lib/server/http/log";
import { isPartnerApiError, type GuestArrival } from "@/lib/server/partner-api";

import { GUEST_COLUMNS_PREFERENCE, parseStoredColumns, type OptionalColumnId } from "./columns";
import { matchingArrivals, type RevealInput } from "./match";

/** The person's column choice for the first paint; the default when none is stored or the database cannot say. */
export async function readGuestColumns(userId: string): Promise<OptionalColumnId[]> {
  try {
    const db = await getDb();
    const [row] = await db
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, GUEST_COLUMNS_PREFERENCE)))
      .limit(1);
    return parseStoredColumns(row?.value ?? null);
  } catch (error) {
    logFailure("guests: reading the column choice", error);
    return parseStoredColumns(null);
  }
}

export async function writeGuestColumns(userId: string, visible: readonly OptionalColumnId[]): Promise<void> {
  const db = await getDb();
  const value = { visible: [...visible] };
  await db
    .insert(userPreferences)
    .values({ userId, key: GUEST_COLUMNS_PREFERENCE, value })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: sql`now()` },
    });
}

export type RevealOutcome =
  | { ok: true; identificationNumber: string }
  | { ok: false; reason: "not_found" | "ambiguous" | "upstream"; message: string; correlationId?: string | null };

const NOT_FOUND: RevealOutcome = {
  ok: false,
  reason: "not_found",
  message: "This arrival is no longer in the report, or is not available to you. Refresh the list and try again.",
};

/**
 * The day's arrivals at a property, unmasked, through the reports' scoped entry point (yesterday
 * live or a stored day). A name shared by several properties is read unfiltered and narrowed here; a
 * property or day with nothing to show has no arrival to reveal.
 */
async function arrivalsAt(viewer: Viewer, propertyName: string, day: string | undefined): Promise<GuestArrival[]> {
  try {
    return (await getGuestsReportWithFullIdentification(viewer, propertyName, day)).items;
  } catch (error) {
    if (isPartnerApiError(error) && error.code === "property_name_ambiguous") {
      const key = propertyKey(propertyName);
      const all = await getGuestsReportWithFullIdentification(viewer, undefined, day);
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
 * audit entry that names neither the guest nor the number. (The only other way a full number leaves
 * the server is a CSV export the person explicitly asked for, audited by lib/features/export.)
 */
export async function revealIdentificationNumber(viewer: Viewer, input: RevealInput): Promise<RevealOutcome> {
  const db = await getDb();
  const audit = {
    ...(await auditContext(viewer)),
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
  await recordAudit(db, audit);
  return { ok: true, identificationNumber: found[0]!.identificationNumber };
}
