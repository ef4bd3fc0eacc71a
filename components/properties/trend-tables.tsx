import { useTranslations } from "next-intl";

import { NotRecorded } from "@/components/reports/property-figure-cells";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import {
  describeStoredDays,
  describeTrendCell,
  type SeriesSummary,
  type TrendMetric,
  type Trends,
} from "@/lib/features/comparison/trends";
import { figureFormat } from "@/lib/features/overview/figure-words";
import type { TableFigure } from "@/lib/features/overview/figures";

import { TableHead } from "./table-head";

/**
 * The range the trends cover and how many of its days are stored: one line, the same for a line
 * each or the group. `format`: the person's, from `useFormat` or the server's `getFormat`.
 */
export function TrendRangeLine({
  trends,
  endsOnChosenDay,
  format,
}: {
  trends: Pick<Trends, "from" | "to" | "storedDays" | "range">;
  endsOnChosenDay: boolean;
  format: Formatter;
}) {
  const t = useTranslations("properties.trends");
  return t.rich("rangeLine", {
    from: format.dayWithYear(trends.from),
    to: format.dayWithYear(trends.to),
    ends: endsOnChosenDay ? "chosen" : "newest",
    stored: describeStoredDays(t, trends),
    strong: (chunks) => (
      <strong className="font-semibold text-stone-800" data-testid="stored-days">
        {chunks}
      </strong>
    ),
  });
}

/** A summary figure, or "Not recorded" where some day of the range did not record what it needs. */
export function summaryCell(summary: SeriesSummary, figure: TableFigure, shown: string) {
  return summary.notRecorded.includes(figure) ? <NotRecorded /> : shown;
}

/** Scans a day over the range: one decimal at most, "—" without a day with figures. */
export function averageScans(format: Formatter, summary: SeriesSummary): string {
  return summary.averageScans === null ? "—" : format.number(summary.averageScans, { maximumFractionDigits: 1 });
}

/** The range in one table, a row per property: what the charts show, in figures. */
export function TrendSummaryTable({ trends, format }: { trends: Trends; format: Formatter }) {
  const t = useTranslations("properties.trends");
  const columns = useTranslations("overview.columns");
  const figures = figureFormat(format, useTranslations("overview.figures"));
  return (
    <ScrollTable label={t("summaryLabel")} minWidth="min-w-[44rem]" testId="trend-summary">
      <caption className="px-3 pt-2 text-left text-sm font-medium text-stone-800">{t("summaryCaption")}</caption>
      <TableHead
        first={columns("propertyName")}
        sticky
        figures={[
          { key: "daysWithFigures", label: t("daysWithFigures") },
          { key: "totalScans", label: columns("scans") },
          { key: "averageScans", label: t("averageScans") },
          { key: "manualShare", label: columns("manualShare") },
          { key: "alertsPer100", label: columns("alertsPer100") },
          { key: "warningsPer100", label: columns("warningsPer100") },
        ]}
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
              {t("daysOf", { days: summary.daysWithFigures, stored: trends.storedDays })}
            </td>
            <td className="px-3 py-2 text-right">{summaryCell(summary, "scans", figures.value(summary.totalScans))}</td>
            <td className="px-3 py-2 text-right">{summaryCell(summary, "scans", averageScans(format, summary))}</td>
            <td className="px-3 py-2 text-right">
              {summaryCell(summary, "manualShare", figures.share(summary.manualShare))}
            </td>
            <td className="px-3 py-2 text-right">
              {summaryCell(summary, "alertsPer100", figures.rate(summary.alertsPer100))}
            </td>
            <td className="px-3 py-2 text-right">
              {summaryCell(summary, "warningsPer100", figures.rate(summary.warningsPer100))}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Every day of the range for one figure, folded away: the charts' data for anyone who cannot see them. */
export function TrendDayTable({
  trends,
  metric,
  title,
  format,
}: {
  trends: Trends;
  metric: TrendMetric;
  title: string;
  format: Formatter;
}) {
  const t = useTranslations("properties.trends");
  const cells = useTranslations("properties.cells");
  const figures = figureFormat(format, useTranslations("overview.figures"));
  return (
    <details className="rounded-md border border-stone-200" data-testid={`trend-days-${metric}`}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50">
        {title}
      </summary>
      <div
        className="overflow-x-auto border-t border-stone-200"
        tabIndex={0}
        role="region"
        aria-label={t("dayTableLabel", { title })}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t("dayTableCaption", { title })}</caption>
          <TableHead first={t("day")} sticky figures={trends.series.map((s) => ({ key: s.id, label: s.label }))} />
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
                  {format.calendarDay(day.day)}
                </th>
                {trends.series.map((s) => (
                  <td key={s.id} className="px-3 py-1.5 text-right whitespace-nowrap">
                    {describeTrendCell(cells, figures, day, s.id, metric)}
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
