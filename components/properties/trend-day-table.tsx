import { formatCalendarDay } from "@/lib/core/format";
import { describeTrendCell, type TrendMetric, type Trends } from "@/lib/features/comparison/trends";

import { TableHead } from "./table-head";

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
