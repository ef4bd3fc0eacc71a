import Link from "next/link";

import type { Viewer } from "@/lib/core/access";
import { RANGES, type DayParam, type RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";
import { getStoredDays } from "@/lib/features/comparison/server";

function hrefFor(range: RangeDays, day: DayParam): string {
  const params = new URLSearchParams();
  if (day.kind === "day") params.set("day", day.day);
  params.set("range", String(range));
  return `/properties?${params}`;
}

/** Which day to set side by side (yesterday live, or a stored day) and how far back the trends go. */
export async function ComparisonControls({ viewer, day, range }: { viewer: Viewer; day: DayParam; range: RangeDays }) {
  const stored = await getStoredDays(viewer);
  const chosen = day.kind === "day" ? day.day : "";
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-stone-200 bg-white p-4 sm:flex-row sm:items-end sm:justify-between">
      <form action="/properties" method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="range" value={range} />
        <div className="flex flex-col gap-1">
          <label htmlFor="comparison-day" className="text-sm font-medium text-stone-800">
            Day to compare
          </label>
          <select
            id="comparison-day"
            name="day"
            defaultValue={stored.includes(chosen) ? chosen : ""}
            className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-900"
          >
            <option value="">Yesterday, live from the API</option>
            {stored.map((storedDay) => (
              <option key={storedDay} value={storedDay}>
                {formatDayWithYear(storedDay)} (stored)
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 shadow-sm hover:bg-stone-50"
        >
          Show
        </button>
      </form>
      <nav aria-label="Trend range" className="flex flex-col gap-1">
        <span className="text-sm font-medium text-stone-800" aria-hidden>
          Trend range
        </span>
        <ul className="flex gap-1" data-testid="range-switch">
          {RANGES.map((option) => (
            <li key={option}>
              <Link
                href={hrefFor(option, day)}
                aria-current={option === range ? "true" : undefined}
                className={`inline-block rounded-md border px-3 py-1.5 text-sm font-medium ${
                  option === range
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"
                }`}
              >
                {option} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
