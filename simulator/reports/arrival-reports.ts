import type { DayStore } from "../data/day-store";
import type { StoredGuest } from "../data/guests";
import type { Property } from "../data/properties";
import { cover, dominantReportedDate } from "./coverage";
import type { CriminalItem, CriminalReport, GuestItem, GuestsReport } from "./types";

export interface ArrivalsRequest {
  readonly store: DayStore;
  /** The key's properties, or the single property the filter resolved to. */
  readonly properties: readonly Property[];
  readonly filtered: boolean;
  readonly nowMs: number;
}

interface Arrival {
  readonly property: Property;
  readonly date: string;
  readonly guest: StoredGuest;
}

function collect(request: ArrivalsRequest): { reportedDateLocal: string; arrivals: Arrival[] } {
  const covered = cover(request.properties, request.nowMs);
  const arrivals: Arrival[] = [];
  for (const { property, reportedDate } of covered) {
    for (const guest of request.store.day(property, reportedDate).guests) {
      arrivals.push({ property, date: reportedDate, guest });
    }
  }
  // Stable across properties: same instant falls back to catalogue order, already in the array.
  arrivals.sort((a, b) => a.guest.checkInMs - b.guest.checkInMs);
  return { reportedDateLocal: dominantReportedDate(covered), arrivals };
}

/** Live field: a ban created after the stay shows from its creation instant on. */
function isCurrentlyBanned(guest: StoredGuest, nowMs: number): boolean {
  return guest.matchedBanAtCheckIn === true || (guest.laterBanAtMs !== null && nowMs >= guest.laterBanAtMs);
}

function guestItem({ property, date, guest }: Arrival, nowMs: number): GuestItem {
  return {
    propertyName: property.name,
    propertyTimeZone: property.timeZone,
    checkInAtUtc: guest.checkInAtUtc,
    checkInDateLocal: date,
    firstName: guest.firstName,
    middleName: guest.middleName,
    lastName: guest.lastName,
    dateOfBirth: guest.dateOfBirth,
    gender: guest.gender,
    identificationNumber: guest.identificationNumber,
    documentExpirationDate: guest.documentExpirationDate,
    address: guest.address,
    city: guest.city,
    state: guest.state,
    zipCode: guest.zipCode,
    roomNumber: guest.roomNumber,
    email: guest.email,
    phone: guest.phone,
    isFlagged: guest.isFlagged,
    hasCriminalRecord: guest.hasCriminalRecord,
    isSexualOffender: guest.isSexualOffender,
    matchedBanAtCheckIn: guest.matchedBanAtCheckIn,
    isCurrentlyBanned: isCurrentlyBanned(guest, nowMs),
    source: guest.source,
  };
}

function filterHeader(request: ArrivalsRequest): { propertyName?: string } {
  const only = request.properties[0];
  return request.filtered && only ? { propertyName: only.name } : {};
}

export function buildGuestsReport(request: ArrivalsRequest, message: string | null): GuestsReport {
  const { reportedDateLocal, arrivals } = collect(request);
  const items = arrivals.map((arrival) => guestItem(arrival, request.nowMs));
  return { totalCount: items.length, ...filterHeader(request), reportedDateLocal, message, items };
}

export function buildCriminalReport(request: ArrivalsRequest): CriminalReport {
  const { reportedDateLocal, arrivals } = collect(request);
  const items: CriminalItem[] = [];
  for (const { property, date, guest } of arrivals) {
    const details = guest.criminal;
    if (!details) continue;
    items.push({
      propertyName: property.name,
      checkInAtUtc: guest.checkInAtUtc,
      checkInDateLocal: date,
      firstName: details.firstName,
      lastName: details.lastName,
      gender: guest.gender,
      hasCriminalRecord: guest.hasCriminalRecord,
      isSexualOffender: guest.isSexualOffender,
      crimeTypes: [...details.crimeTypes],
      offenseDescriptions: [...details.offenseDescriptions],
      acknowledgedAtUtc: details.acknowledgedAtUtc,
      acknowledgedAtLocal: details.acknowledgedAtLocal,
      source: guest.source,
    });
  }
  return { totalCount: items.length, ...filterHeader(request), reportedDateLocal, items };
}
