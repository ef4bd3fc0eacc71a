"use client";

import { useTranslations } from "next-intl";

import { LazyChart } from "@/components/charts/lazy-chart";
import { cardClass } from "@/components/ui/card";
import { figureFormat } from "@/lib/features/overview/figure-words";
import { activityPoints } from "@/lib/features/overview/figures";
import type { StoredScansDay } from "@/lib/features/overview/stored-activity";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

export const CHART_HEIGHT = 224;

/**
 * Daily scans: the API's series for the whole group where it applies, else the person's own
 * properties from Daybook's stored days (`stored`), where a day not stored is a gap, never 0.
 */
export function ActivitySection({
  report,
  stored = null,
}: {
  report: ScopedUsageReport;
  stored?: readonly StoredScansDay[] | null;
}) {
  const t = useTranslations("overview.activity");
  return (
    <section aria-labelledby="activity" className={`p-4 sm:p-5 ${cardClass}`} data-testid="activity">
      <h2 id="activity" className="text-base font-semibold text-stone-900">
        {t("heading")}
      </h2>
      {report.narrowed ? <StoredActivity days={stored ?? []} /> : <ApiActivity report={report} />}
    </section>
  );
}

function ApiActivity({ report }: { report: ScopedUsageReport }) {
  const t = useTranslations("overview.activity");
  const format = useFormat();
  const figures = figureFormat(format, useTranslations("overview.figures"));
  const points = activityPoints(report.activity.points, format.shortDay);
  const first = points[0];
  const last = points.at(-1);
  if (points.length === 0 || !first || !last)
    return (
      <p className="mt-1 text-sm text-stone-600" data-testid="activity-unavailable">
        {t("none")}
      </p>
    );
  return (
    <figure className="mt-1">
      <figcaption className="mb-3 text-sm text-stone-600" data-testid="activity-summary">
        {t("groupSummary", {
          days: points.length,
          from: format.calendarDay(first.day),
          to: format.calendarDay(last.day),
          latest: figures.value(last.scans),
          busiest: figures.value(Math.max(...points.map((point) => point.scans))),
        })}
      </figcaption>
      <div aria-hidden>
        <LazyChart
          data={points.map((point) => ({ label: point.label, value: point.scans }))}
          valueName={t("scans")}
          height={CHART_HEIGHT}
        />
      </div>
      <ScansTable rows={points.map((point) => ({ day: point.day, scans: point.scans, stored: true }))} />
    </figure>
  );
}

function StoredActivity({ days }: { days: readonly StoredScansDay[] }) {
  const t = useTranslations("overview.activity");
  const format = useFormat();
  const figures = figureFormat(format, useTranslations("overview.figures"));
  const counted = days.filter((day) => day.scans !== null);
  const first = days[0];
  const last = days.at(-1);
  if (counted.length === 0 || !first || !last)
    return (
      <p className="mt-1 text-sm text-stone-600" data-testid="activity-unavailable">
        {t("noneStored", { days: days.length })}
      </p>
    );
  const busiest = Math.max(...counted.map((day) => day.scans ?? 0));
  return (
    <figure className="mt-1">
      <figcaption className="mb-3 text-sm text-stone-600" data-testid="activity-summary">
        {t("storedSummary", {
          from: format.calendarDay(first.day),
          to: format.calendarDay(last.day),
          counted: counted.length,
          days: days.length,
          busiest: figures.value(busiest),
          gaps: days.length > counted.length ? "yes" : "no",
        })}
      </figcaption>
      <div aria-hidden>
        <LazyChart
          kind="lines"
          data={days.map((day) => ({ label: format.shortDay(day.day), scans: day.scans }))}
          series={[{ id: "scans", name: t("scans") }]}
          valueFormat="count"
          height={CHART_HEIGHT}
        />
      </div>
      <ScansTable rows={days} />
    </figure>
  );
}

/** The chart's figures as text, for a screen reader. */
function ScansTable({ rows }: { rows: readonly StoredScansDay[] }) {
  const t = useTranslations("overview.activity");
  const format = useFormat();
  const figures = figureFormat(format, useTranslations("overview.figures"));
  return (
    // The box is hidden, not the table: a table keeps its own width under sr-only and widened the page.
    <div className="sr-only">
      <table data-testid="activity-table">
        <caption>{t("caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{t("scans")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{format.calendarDay(row.day)}</th>
              <td>{row.stored ? figures.value(row.scans) : t("notStored")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
