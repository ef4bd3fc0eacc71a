import type { GuestArrival } from "@/lib/reports/types";

/** One arrival with every field set; tests override what they look at. */
export function arrival(overrides: Partial<GuestArrival> = {}): GuestArrival {
  return {
    propertyName: "Harbour View Hotel",
    propertyTimeZone: "Pacific/Honolulu",
    checkInAtUtc: "2026-11-22T20:00:00Z",
    checkInDateLocal: "2026-11-22",
    firstName: "Ada",
    middleName: null,
    lastName: "Lovelace",
    dateOfBirth: "1990-04-01T00:00:00",
    gender: "FEMALE",
    identificationNumber: "••••••7788",
    documentExpirationDate: "2030-01-01T00:00:00",
    address: "1 Main St",
    city: "Honolulu",
    state: "HI",
    zipCode: "96815",
    roomNumber: "101",
    email: "ada@example.com",
    phone: "+1 808 555 0100",
    isFlagged: false,
    hasCriminalRecord: false,
    isSexualOffender: false,
    matchedBanAtCheckIn: false,
    isCurrentlyBanned: false,
    source: "scan",
    ...overrides,
  };
}
