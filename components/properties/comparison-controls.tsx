import { useTranslations } from "next-intl";

import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import type { Viewer } from "@/lib/core/access";
import { RANGES, type DayParam, type RangeDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";

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
  format,
}: {
  stored: readonly string[];
  day: DayParam;
  range: RangeDays;
  format: Formatter;
}) {
  const t = useTranslations("properties.controls");
  const chosen = day.kind === "day" ? day.day : "";
  return (
    <div className={`flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between ${cardClass}`}>
      <form action="/properties" method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="range" value={range} />
        <SelectField
          id="comparison-day"
          name="day"
          label={t("day")}
          defaultValue={stored.includes(chosen) ? chosen : ""}
        >
          <option value="">{t("yesterday")}</option>
          {stored.map((storedDay) => (
            <option key={storedDay} value={storedDay}>
              {t("storedDay", { day: format.dayWithYear(storedDay) })}
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="sm">
          {t("show")}
        </Button>
      </form>
      <nav aria-label={t("range")} className="flex flex-col gap-1">
        <span className="text-sm font-medium text-stone-800" aria-hidden>
          {t("range")}
        </span>
        <ul className="flex gap-1" data-testid="range-switch">
          {RANGES.map((option) => (
            <li key={option}>
              <Link
                href={hrefFor(option, day)}
                aria-current={option === range ? "true" : undefined}
                className={buttonClass(option === range ? "primary" : "secondary", "sm")}
              >
                {t("days", { count: option })}
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
  const t = useTranslations("properties.narrowed");
  if (viewer.allProperties) return null;
  const count = viewer.properties.length;
  return (
    <div data-testid="narrowed-note">
      <Notice tone="info" title={t("title")}>
        <p>{count === 0 ? t("none") : t("some", { count, names: viewer.properties.join(", ") })}</p>
      </Notice>
    </div>
  );
}
