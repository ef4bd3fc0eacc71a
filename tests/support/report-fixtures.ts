import type { ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";

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

/** A usage row with every figure 0 but those given. */
export function usageRow(
  propertyName: string,
  figures: Partial<Omit<UsagePropertyRow, "propertyName">> = {},
): UsagePropertyRow {
  return {
    propertyName,
    scans: 0,
    manualEntry: 0,
    bansAdded: 0,
    criminalMatches: 0,
    sexOffenderMatches: 0,
    banMatches: 0,
    criminal: 0,
    sexOffender: 0,
    ageAlert: 0,
    localAlert: 0,
    ...figures,
  };
}

const metric = (value: number | null, changePercent: number | null = null) => ({ value, changePercent });

/**
 * A usage report of `day` over `rows`, its headlines the rows' sums with the given changes; as the
 * API sends it, and as Daybook scopes it (`narrowed`, false unless told).
 */
export function usageReport(
  day = "2026-11-22",
  rows: UsagePropertyRow[] = [],
  {
    changes = {},
    narrowed = false,
    localRecorded = true,
  }: { changes?: Partial<Record<"scans" | "manualEntry", number>>; narrowed?: boolean; localRecorded?: boolean } = {},
): ScopedUsageReport {
  const sum = (column: keyof Omit<UsagePropertyRow, "propertyName">) =>
    rows.reduce((total, row) => total + row[column], 0);
  return {
    reportedDateLocal: day,
    fromUtc: `${day}T00:00:00Z`,
    toUtc: `${day}T23:59:59Z`,
    reportGeneratedAt: `${day}T23:59:59Z`,
    apiRequestedAt: `${day}T23:59:59Z`,
    totals: {
      scans: metric(sum("scans"), changes.scans ?? null),
      manualEntry: metric(sum("manualEntry"), changes.manualEntry ?? null),
      bansAdded: metric(sum("bansAdded")),
      criminalMatches: metric(sum("criminalMatches")),
      sexOffenderMatches: metric(sum("sexOffenderMatches")),
    },
    alerts: {
      banMatches: metric(sum("banMatches")),
      criminal: metric(sum("criminal")),
      sexOffender: metric(sum("sexOffender")),
    },
    warnings: { ageAlert: metric(sum("ageAlert")), localAlert: metric(localRecorded ? sum("localAlert") : null) },
    byProperty: rows,
    activity: { granularity: "DAILY", points: [] },
    message: null,
    narrowed,
  };
}
