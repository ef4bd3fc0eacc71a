/**
 * A stored usage day assembled from several pulls: each property's rows come from the pull that
 * reported that property's day, so the API's headline of any one answer does not describe the day.
 * Pure.
 */
import type { UsagePropertyRow, UsageReport } from "@/lib/server/partner-api/schemas";

export const ROW_FIGURES = [
  ["totals", "scans"],
  ["totals", "manualEntry"],
  ["totals", "bansAdded"],
  ["totals", "criminalMatches"],
  ["totals", "sexOffenderMatches"],
  ["alerts", "banMatches"],
  ["alerts", "criminal"],
  ["alerts", "sexOffender"],
  ["warnings", "ageAlert"],
  ["warnings", "localAlert"],
] as const;

export type RowFigure = (typeof ROW_FIGURES)[number][1];

/** A property row as kept: a figure is null where it may not have been recorded. */
export type KeptRow = { propertyName: string } & { [F in RowFigure]: number | null };

/**
 * The rows of one answer as kept. A row is bare integers, so a property that does not record a
 * figure reads 0; where the answer's headline says "not recorded", a 0 may be that, and is kept
 * as null so a day assembled later does not turn "not recorded" into a sum.
 */
export function keptRows(report: UsageReport): KeptRow[] {
  return report.byProperty.map((row) => {
    const kept = { ...row } as KeptRow;
    for (const [block, figure] of ROW_FIGURES) {
      const headline = (report[block] as Record<string, { value: number | null }>)[figure]!;
      if (headline.value === null && row[figure] === 0) kept[figure] = null;
    }
    return kept;
  });
}

/** Kept rows back in the API's shape: bare integers, "not recorded" reading 0 as the API writes it. */
export function reportedRows(rows: readonly KeptRow[]): UsagePropertyRow[] {
  return rows.map((row) => {
    const out = { ...row } as Record<string, unknown>;
    for (const [, figure] of ROW_FIGURES) out[figure] = row[figure] ?? 0;
    return out as unknown as UsagePropertyRow;
  });
}

export interface Contribution {
  report: UsageReport;
  rows: KeptRow[];
}

/**
 * One usage day from the rows of several answers, in the order they were stored. Headline figures
 * are the sums of the rows, "not recorded" when a row may not have recorded the figure; the change
 * against the day before is null (there is no single baseline across zones); the period spans the
 * answers' periods; the activity series is the first answer's, the only group-wide one at hand.
 */
export function assembleUsage(day: string, contributions: readonly Contribution[]): UsageReport {
  const first = contributions[0]!.report;
  const rows = contributions.flatMap((contribution) => contribution.rows);
  const metric = (figure: RowFigure) => {
    const values = rows.map((row) => row[figure]);
    const value = values.some((v) => v === null) ? null : (values as number[]).reduce((sum, v) => sum + v, 0);
    return { value, changePercent: null };
  };
  const block = <B extends (typeof ROW_FIGURES)[number][0]>(name: B) =>
    Object.fromEntries(
      ROW_FIGURES.filter(([of]) => of === name).map(([, figure]) => [figure, metric(figure)]),
    ) as UsageReport[B];
  const instants = (pick: (report: UsageReport) => string) => contributions.map((c) => pick(c.report)).sort();
  return {
    ...first,
    reportedDateLocal: day,
    fromUtc: instants((report) => report.fromUtc)[0]!,
    toUtc: instants((report) => report.toUtc).at(-1)!,
    reportGeneratedAt: instants((report) => report.reportGeneratedAt).at(-1)!,
    apiRequestedAt: instants((report) => report.apiRequestedAt).at(-1)!,
    totals: block("totals"),
    alerts: block("alerts"),
    warnings: block("warnings"),
    byProperty: reportedRows(rows),
    message: contributions.map((c) => c.report.message).find((message) => message !== null) ?? null,
  };
}
