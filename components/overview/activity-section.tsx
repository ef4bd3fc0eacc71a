"use client";

import { LazyChart } from "@/components/charts/lazy-chart";
import { cardClass } from "@/components/ui/card";
import { formatCalendarDay } from "@/lib/core/format";
import { activityPoints, formatValue } from "@/lib/features/overview/figures";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

export const CHART_HEIGHT = 224;

/** Daily scans for the group: a lazily loaded chart, with the same figures as text for everyone. */
export function ActivitySection({ report }: { report: ScopedUsageReport }) {
  const points = activityPoints(report.activity.points);
  const first = points[0];
  const last = points.at(-1);
  return (
    <section aria-labelledby="activity" className={`p-4 sm:p-5 ${cardClass}`}>
      <h2 id="activity" className="text-base font-semibold text-stone-900">
        Daily activity
      </h2>
      {report.narrowed ? (
        <p className="mt-1 text-sm text-stone-600" data-testid="activity-unavailable">
          Daily activity is only available for the whole group.
        </p>
      ) : points.length === 0 || !first || !last ? (
        <p className="mt-1 text-sm text-stone-600" data-testid="activity-unavailable">
          The report carries no daily activity.
        </p>
      ) : (
        <figure className="mt-1">
          <figcaption className="mb-3 text-sm text-stone-600" data-testid="activity-summary">
            Scans per day for the whole group, {points.length} {points.length === 1 ? "day" : "days"} from{" "}
            {formatCalendarDay(first.day)} to {formatCalendarDay(last.day)}: the latest day {formatValue(last.scans)},
            the busiest {formatValue(Math.max(...points.map((point) => point.scans)))}.
          </figcaption>
          <div aria-hidden>
            <LazyChart
              data={points.map((point) => ({ label: point.label, value: point.scans }))}
              valueName="Scans"
              height={CHART_HEIGHT}
            />
          </div>
          <table className="sr-only">
            <caption>Scans per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Scans</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{formatCalendarDay(point.day)}</th>
                  <td>{formatValue(point.scans)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
