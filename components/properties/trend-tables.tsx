import { NotRecorded } from "@/components/reports/property-figure-cells";
import { ScrollTable } from "@/components/ui/scroll-table";
import { formatCalendarDay, formatDayWithYear } from "@/lib/core/format";
import {
  describeStoredDays,
  describeTrendCell,
  type SeriesSummary,
  type TrendMetric,
  type Trends,
} from "@/lib/features/comparison/trends";
import { formatRate, formatShare, formatValue, type TableFigure } from "@/lib/features/overview/figures";

import { labelled, TableHead } from "./table-head";

const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** The range the trends cover and how many of its days are stored: one line, the same for a line each or the group. */
export function TrendRangeLine({
  trends,
  endsOnChosenDay,
}: {
  trends: Pick<Trends, "from" | "to" | "storedDays" | "range">;
  endsOnChosenDay: boolean;
}) {
  return (
    <>
      {formatDayWithYear(trends.from)} to {formatDayWithYear(trends.to)}
      {endsOnChosenDay ? ", ending on the chosen day" : ", ending on the newest stored day"}:{" "}
      <strong className="font-semibold text-stone-800" data-testid="stored-days">
        {describeStoredDays(trends)}
      </strong>
      . A day Daybook did not store is a gap in the lines, never a zero.
    </>
  );
}

/** A summary figure, or "Not recorded" where some day of the range did not record what it needs. */
export function summaryCell(summary: SeriesSummary, figure: TableFigure, shown: string) {
  return summary.notRecorded.includes(figure) ? <NotRecorded /> : shown;
}

/** The range in one table, a row per property: what the charts show, in figures. */
export function TrendSummaryTable({ trends }: { trends: Trends }) {
  return (
    <ScrollTable label="The range by property" minWidth="min-w-[44rem]" testId="trend-summary">
      <caption className="px-3 pt-2 text-left text-sm font-medium text-stone-800">
        The range by property: totals over its stored days; rates from those totals
      </caption>
      <TableHead
        first="Property"
        sticky
        figures={labelled([
          "Days with figures",
          "Scans",
          "Scans a day",
          "Manual-entry share",
          "Alerts per 100 scans",
          "Warnings per 100 scans",
        ])}
      />
      <tbody className="tabular-nums">
        {trends.summaries.map((summary) => (
          <tr key={summary.id} className="border-b border-stone-100 last:border-0" data-testid="trend-summary-row">
            <th
              scope="row"
              className="sticky left-0 z-10 min-w-44 bg-white px-3 py-2 text-left font-medium text-stone-900"
            >
              {summary.label}
            </th>
            <td className="px-3 py-2 text-right">
              {summary.daysWithFigures} of {trends.storedDays}
            </td>
            <td className="px-3 py-2 text-right">{summaryCell(summary, "scans", formatValue(summary.totalScans))}</td>
            <td className="px-3 py-2 text-right">
              {summaryCell(
                summary,
                "scans",
                summary.averageScans === null ? "—" : oneDecimal.format(summary.averageScans),
              )}
            </td>
            <td className="px-3 py-2 text-right">
              {summaryCell(summary, "manualShare", formatShare(summary.manualShare))}
            </td>
            <td className="px-3 py-2 text-right">
              {summaryCell(summary, "alertsPer100", formatRate(summary.alertsPer100))}
            </td>
            <td className="px-3 py-2 text-right">
              {summaryCell(summary, "warningsPer100", formatRate(summary.warningsPer100))}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Every day of the range for one figure, folded away: the charts' data for anyone who cannot see them. */
export function TrendDayTable({ trends, metric, title }: { trends: Trends; metric: TrendMetric; title: string }) {
  return (
    <details className="rounded-md border border-stone-200" data-testid={`trend-days-${metric}`}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50">
        {title}
      </summary>
      <div
        className="overflow-x-auto border-t border-stone-200"
        tabIndex={0}
        role="region"
        aria-label={`${title} (scrolls sideways)`}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{title}; “Not stored”: Daybook holds no copy of that day</caption>
          <TableHead first="Day" sticky figures={trends.series.map((s) => ({ key: s.id, label: s.label }))} />
          <tbody className="tabular-nums">
            {[...trends.days].reverse().map((day) => (
              <tr
                key={day.day}
                className={`border-b border-stone-100 last:border-0 ${day.stored ? "" : "text-stone-500"}`}
              >
                <th
                  scope="row"
                  className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-normal whitespace-nowrap"
                >
                  {formatCalendarDay(day.day)}
                </th>
                {trends.series.map((s) => (
                  <td key={s.id} className="px-3 py-1.5 text-right whitespace-nowrap">
                    {describeTrendCell(day, s.id, metric)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
