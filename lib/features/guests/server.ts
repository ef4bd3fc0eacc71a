import "server-only";

import { and, eq, sql } from "drizzle-orm";
import { headers } from "next/headers";

import { canSeeProperty, type Viewer } from "@/lib/core/access";
import { readStoredReport } from "@/lib/features/history/store";
import { clientAddress, recordAudit } from "@/lib/server/audit/record";
import { getDb } from "@/lib/server/db";
import { userPreferences } from "@/lib/server/db/schema";
import { getPartnerApi, isPartnerApiError, type GuestArrival } from "@/lib/server/partner-api";

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
    console.error(
      `guests: reading the column choice failed (${error instanceof Error ? error.name : "unknown error"})`,
    );
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

/** A stored day's arrivals at a property, unmasked, from Daybook's own copy. */
async function storedArrivalsAt(day: string, propertyName: string): Promise<GuestArrival[]> {
  const stored = await readStoredReport(await getDb(), "guests", day);
  return (stored?.report.items ?? []).filter((item) => item.propertyName === propertyName);
}

/** The day's arrivals at a property, unmasked. A name shared by several properties is read unfiltered and narrowed here. */
async function arrivalsAt(propertyName: string): Promise<GuestArrival[]> {
  const api = await getPartnerApi();
  try {
    return (await api.guests({ propertyName })).items;
  } catch (error) {
    if (isPartnerApiError(error) && error.code === "property_name_ambiguous") {
      return (await api.guests()).items.filter((item) => item.propertyName === propertyName);
    }
    if (isPartnerApiError(error) && error.code === "property_not_found") return [];
    throw error;
  }
}

/**
 * The one place a full identification number leaves the DAL: for one arrival, for a person who may
 * see its property, with an audit entry that names neither the guest nor the number.
 */
export async function revealIdentificationNumber(viewer: Viewer, input: RevealInput): Promise<RevealOutcome> {
  const db = await getDb();
  const audit = {
    action: "guest.reveal_id" as const,
    actor: { id: viewer.id, email: viewer.email },
    target: "guest identification number",
    propertyName: input.propertyName,
    details: { checkInAtUtc: input.checkInAtUtc, ...(input.day && { storedDay: input.day }) },
    clientAddress: clientAddress(await headers()),
  };
  if (!canSeeProperty(viewer, input.propertyName)) {
    await recordAudit(db, { ...audit, outcome: "failure", details: { ...audit.details, reason: "not available" } });
    return NOT_FOUND;
  }

  let items: GuestArrival[];
  try {
    items = input.day ? await storedArrivalsAt(input.day, input.propertyName) : await arrivalsAt(input.propertyName);
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
