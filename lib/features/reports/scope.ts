import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import type { RowZones } from "@/lib/core/property-names";
import { ROW_FIGURES, type RowFigure } from "@/lib/features/history/assemble";
import type { UsageDay } from "@/lib/features/history/usage-days";
import type { UsagePropertyRow, UsageReport } from "@/lib/server/partner-api/schemas";

export interface ScopedUsageReport extends Omit<UsageReport, "fromUtc" | "toUtc" | "reportGeneratedAt"> {
  /**
   * True when the person sees fewer properties than the key reaches: headline figures are then
   * sums of their rows, the API's change against the day before does not apply to that subset,
   * and the group-wide activity series is withheld, as are the group's other facts below.
   */
  narrowed: boolean;
  /**
   * The group's period and when its figures were generated: null for a person who does not see
   * every property, since they follow the other properties' days too (as does `message`, then null).
   */
  fromUtc: string | null;
  toUtc: string | null;
  reportGeneratedAt: string | null;
  /**
   * The zone of rows of a shared name where the day's stored arrivals tell it
   * (lib/features/history/row-zones.ts), so the rows are labelled as the arrivals are; absent otherwise.
   */
  rowZones?: RowZones;
}

/** The usage report cut down to what `scope` may see; no figure of another property survives. */
export function scopeUsageReport(report: UsageReport, scope: PropertyScope): ScopedUsageReport {
  const rows = report.byProperty.filter((row) => canSeeProperty(scope, row.propertyName));
  if (rows.length === report.byProperty.length) return { ...report, narrowed: false };

  const sum = (column: keyof Omit<UsagePropertyRow, "propertyName">) =>
    rows.reduce((total, row) => total + row[column], 0);
  const scoped = structuredClone(report);
  for (const [block, metric] of ROW_FIGURES) {
    const group = scoped[block] as Record<string, { value: number | null; changePercent: number | null }>;
    const recorded = recordedFor(group[metric]!.value !== null, rows, metric);
    group[metric] = { value: recorded ? sum(metric) : null, changePercent: null };
  }
  return {
    ...scoped,
    byProperty: rows,
    activity: { ...scoped.activity, points: [] },
    narrowed: true,
    message: null,
    fromUtc: null,
    toUtc: null,
    reportGeneratedAt: null,
  };
}

/**
 * Whether a figure is recorded for a subset of a day's rows. "Not recorded" for the group means
 * some property lacks the figure, and its row then reads 0. A row above 0 was recorded; if every
 * row of this person's is, their sum stands, else it stays unknown.
 */
function recordedFor(headlineRecorded: boolean, rows: readonly UsagePropertyRow[], figure: RowFigure): boolean {
  return headlineRecorded || (rows.length > 0 && rows.every((row) => row[figure] > 0));
}

/** A stored usage day cut to `scope`, with what it did not record as `scopeUsageReport` would tell it. */
export function scopeUsageDay(day: UsageDay, scope: PropertyScope): UsageDay {
  const rows = day.byProperty.filter((row) => canSeeProperty(scope, row.propertyName));
  if (rows.length === day.byProperty.length) return day;
  return {
    day: day.day,
    byProperty: rows,
    unrecorded: new Set(
      ROW_FIGURES.map(([, figure]) => figure).filter(
        (figure) => !recordedFor(!day.unrecorded.has(figure), rows, figure),
      ),
    ),
  };
}

/** A usage report as a usage day: its rows, and the row figures its headlines did not record. */
export function usageDayOf(report: UsageReport): UsageDay {
  return {
    day: report.reportedDateLocal,
    byProperty: report.byProperty,
    unrecorded: new Set(
      ROW_FIGURES.filter(
        ([block, figure]) => (report[block] as Record<string, { value: number | null }>)[figure]?.value == null,
      ).map(([, figure]) => figure),
    ),
  };
}
