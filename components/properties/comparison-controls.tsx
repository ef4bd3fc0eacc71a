import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import type { Viewer } from "@/lib/core/access";
import { RANGES, type DayParam, type RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";

function hrefFor(range: RangeDays, day: DayParam): string {
  const params = new URLSearchParams();
  if (day.kind === "day") params.set("day", day.day);
  params.set("range", String(range));
  return `/properties?${params}`;
}

/** Which day to set side by side (yesterday live, or one of the `stored` days) and how far back the trends go. */
export function ComparisonControls({
  stored,
  day,
  range,
}: {
  stored: readonly string[];
  day: DayParam;
  range: RangeDays;
}) {
  const chosen = day.kind === "day" ? day.day : "";
  return (
    <div className={`flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between ${cardClass}`}>
      <form action="/properties" method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="range" value={range} />
        <SelectField
          id="comparison-day"
          name="day"
          label="Day to compare"
          defaultValue={stored.includes(chosen) ? chosen : ""}
        >
          <option value="">Yesterday, live from the API</option>
          {stored.map((storedDay) => (
            <option key={storedDay} value={storedDay}>
              {formatDayWithYear(storedDay)} (stored)
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="sm">
          Show
        </Button>
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
                className={buttonClass(option === range ? "primary" : "secondary", "sm")}
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

/** For a person who sees part of the group: whose figures these are, and why the API's own changes are missing. */
export function NarrowedNote({ viewer }: { viewer: Viewer }) {
  if (viewer.allProperties) return null;
  const count = viewer.properties.length;
  return (
    <div data-testid="narrowed-note">
      <Notice tone="info" title="Your properties only">
        {count === 0 ? (
          <p>
            Your account is not linked to any property yet, so there is nothing to compare. Your Daybook admin can add
            some.
          </p>
        ) : (
          <p>
            You compare the {count === 1 ? "property" : `${count} properties`} your account is linked to:{" "}
            {viewer.properties.join(", ")}. Other properties are left out of every figure here, and the API&apos;s own
            change against the day before, which covers the whole group, does not apply; Daybook computes its own from
            the days it stored.
          </p>
        )}
      </Notice>
    </div>
  );
}
