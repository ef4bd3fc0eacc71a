import type { GuestArrival } from "@/lib/features/reports/types";
import { guestItem } from "@/tests/support/report-fixtures";

/** One arrival as the screen receives it (identification masked); tests override what they look at. */
export function arrival(overrides: Partial<GuestArrival> = {}): GuestArrival {
  return guestItem({
    checkInAtUtc: "2026-11-22T20:00:00Z",
    firstName: "Ada",
    lastName: "Lovelace",
    identificationNumber: "••••••7788",
    roomNumber: "101",
    email: "ada@example.com",
    ...overrides,
  }) as GuestArrival;
}
