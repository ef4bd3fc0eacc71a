"use client";

import { LazyChart } from "@/components/charts/lazy-chart";
import { cardClass } from "@/components/ui/card";
import { formatCalendarDay, formatShortDay } from "@/lib/core/format";
import { activityPoints, formatValue } from "@/lib/features/overview/figures";
import type { StoredScansDay } from "@/lib/features/overview/stored-activity";
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
  return (
    <section aria-labelledby="activity" className={`p-4 sm:p-5 ${cardClass}`} data-testid="activity">
      <h2 id="activity" className="text-base font-semibold text-stone-900">
        Daily activity
      </h2>
      {report.narrowed ? <StoredActivity days={stored ?? []} /> : <ApiActivity report={report} />}
    </section>
  );
}

function ApiActivity({ report }: { report: ScopedUsageReport }) {
  const points = activityPoints(report.activity.points);
  const first = points[0];
  const last = points.at(-1);
  if (points.length === 0 || !first || !last)
    return (
      <p className="mt-1 text-sm text-stone-600" data-testid="activity-unavailable">
        The report carries no daily activity.
      </p>
    );
  return (
    <figure className="mt-1">
      <figcaption className="mb-3 text-sm text-stone-600" data-testid="activity-summary">
        Scans per day for the whole group, {points.length} {points.length === 1 ? "day" : "days"} from{" "}
        {formatCalendarDay(first.day)} to {formatCalendarDay(last.day)}: the latest day {formatValue(last.scans)}, the
        busiest {formatValue(Math.max(...points.map((point) => point.scans)))}.
      </figcaption>
      <div aria-hidden>
        <LazyChart
          data={points.map((point) => ({ label: point.label, value: point.scans }))}
          valueName="Scans"
          height={CHART_HEIGHT}
        />
      </div>
      <ScansTable rows={points.map((point) => ({ day: point.day, scans: point.scans, stored: true }))} />
    </figure>
  );
}

function StoredActivity({ days }: { days: readonly StoredScansDay[] }) {
  const counted = days.filter((day) => day.scans !== null);
  const first = days[0];
  const last = days.at(-1);
  if (counted.length === 0 || !first || !last)
    return (
      <p className="mt-1 text-sm text-stone-600" data-testid="activity-unavailable">
        Daybook has no stored day with your properties&apos; scans in the last {days.length} days.
      </p>
    );
  const gaps = days.length - counted.length;
  const busiest = Math.max(...counted.map((day) => day.scans ?? 0));
  return (
    <figure className="mt-1">
      <figcaption className="mb-3 text-sm text-stone-600" data-testid="activity-summary">
        Scans per day at your properties, from Daybook&apos;s stored days, {formatCalendarDay(first.day)} to{" "}
        {formatCalendarDay(last.day)}, each property&apos;s own local day: {counted.length} of {days.length} days
        stored, the busiest {formatValue(busiest)}.{" "}
        {gaps > 0 ? `A day not stored is a gap in the line, not a day without scans.` : null}
      </figcaption>
      <div aria-hidden>
        <LazyChart
          kind="lines"
          data={days.map((day) => ({ label: formatShortDay(day.day), scans: day.scans }))}
          series={[{ id: "scans", name: "Scans" }]}
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
  return (
    // The box is hidden, not the table: a table keeps its own width under sr-only and widened the page.
    <div className="sr-only">
      <table data-testid="activity-table">
        <caption>Scans per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Scans</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{formatCalendarDay(row.day)}</th>
              <td>{row.stored ? formatValue(row.scans) : "Not stored"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
