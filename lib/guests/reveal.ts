import "server-only";
import { headers } from "next/headers";
import { recordAudit } from "@/lib/audit/record";
import { clientAddress } from "@/lib/auth/client-address";
import { canSeeProperty } from "@/lib/dal/scope";
import type { Viewer } from "@/lib/dal/viewer";
import { getDb } from "@/lib/db";
import { readStoredReport } from "@/lib/history/store";
import { getPartnerApi, isPartnerApiError, type GuestArrival } from "@/lib/partner-api";
import { matchingArrivals, type RevealInput } from "./match";

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
      : { ok: false, reason: "ambiguous", message: "Several arrivals match this one exactly, so Daybook will not pick one." };
  }
  await recordAudit(db, audit);
  return { ok: true, identificationNumber: found[0]!.identificationNumber };
}
