import type { ScopedUsageReport, UsagePropertyRow } from "@/lib/features/reports/types";

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

/** A scoped usage report over `rows`, its headlines the rows' sums with the given changes. */
export function usageReport(
  day: string,
  rows: UsagePropertyRow[],
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
