/** Minimal reports that satisfy the contract, for schema tests to bend one field at a time. */
export function guestItem(overrides: Record<string, unknown> = {}) {
  return {
    propertyName: "Harbour View Hotel",
    propertyTimeZone: "Pacific/Honolulu",
    checkInAtUtc: "2026-11-22T23:15:00Z",
    checkInDateLocal: "2026-11-22",
    firstName: "Leilani",
    middleName: null,
    lastName: "Kahale",
    dateOfBirth: "1990-04-01T00:00:00",
    gender: "FEMALE",
    identificationNumber: "H1234567",
    documentExpirationDate: "2030-04-01T00:00:00",
    address: "1 Ala Moana Blvd",
    city: "Honolulu",
    state: "HI",
    zipCode: "96815",
    roomNumber: "1204",
    email: "leilani@example.com",
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

export function guestsReport(items: unknown[] = [guestItem()], overrides: Record<string, unknown> = {}) {
  return { totalCount: items.length, reportedDateLocal: "2026-11-22", message: null, items, ...overrides };
}

export function criminalItem(overrides: Record<string, unknown> = {}) {
  return {
    propertyName: "Harbour View Hotel",
    checkInAtUtc: "2026-11-22T23:15:00Z",
    checkInDateLocal: "2026-11-22",
    firstName: "Ray",
    lastName: "Stone",
    gender: "MALE",
    hasCriminalRecord: true,
    isSexualOffender: false,
    crimeTypes: ["FELONY"],
    offenseDescriptions: ["Burglary", "Receiving stolen property"],
    acknowledgedAtUtc: "2026-11-22T23:19:00Z",
    acknowledgedAtLocal: "2026-11-22 13:19:00",
    source: "scan",
    ...overrides,
  };
}

const metric = (value: number | null, changePercent: number | null = null) => ({ value, changePercent });

export function usageReport(overrides: Record<string, unknown> = {}) {
  return {
    reportedDateLocal: "2026-11-22",
    fromUtc: "2026-11-22T10:00:00Z",
    toUtc: "2026-11-23T10:00:00Z",
    reportGeneratedAt: "2026-11-23T10:20:00Z",
    apiRequestedAt: "2026-11-23T15:02:11.512Z",
    totals: {
      scans: metric(40, 12.5),
      manualEntry: metric(6),
      bansAdded: metric(1),
      criminalMatches: metric(2),
      sexOffenderMatches: metric(0),
    },
    alerts: { banMatches: metric(1), criminal: metric(2), sexOffender: metric(0) },
    warnings: { ageAlert: metric(3), localAlert: metric(null) },
    byProperty: [
      {
        propertyName: "Harbour View Hotel",
        scans: 40,
        manualEntry: 6,
        bansAdded: 1,
        criminalMatches: 2,
        sexOffenderMatches: 0,
        banMatches: 1,
        criminal: 2,
        sexOffender: 0,
        ageAlert: 3,
        localAlert: 0,
      },
    ],
    activity: { granularity: "DAILY", points: [{ date: "2026-11-22T00:00:00Z", scans: 40 }] },
    message: null,
    ...overrides,
  };
}
