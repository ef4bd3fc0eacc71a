import { HowUnusualIsJudged } from "@/components/insights/how-judged";
import { Button, buttonClass } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { DayParam, RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";
import {
  formatRateValue,
  formatUsualRange,
  pageOfUnusualDays,
  storedDaysWords,
  type UnusualDays,
  type UnusualDaysPage,
} from "@/lib/features/insights/unusual-days";
import type { Loaded } from "@/lib/features/reports/types";

import { LoadedSection } from "./section";

/** The search parameters of the list, apart from the page's own `day` and `range`. */
export const UNUSUAL_PROPERTY_PARAM = "unusual-property";
export const UNUSUAL_PAGE_PARAM = "unusual-page";

interface Place {
  day: DayParam;
  range: RangeDays;
}

/** The Properties screen at this list, keeping the chosen day and range. */
function listHref({ day, range }: Place, property: string | null, page: number): string {
  const params = new URLSearchParams();
  if (day.kind === "day") params.set("day", day.day);
  params.set("range", String(range));
  if (property !== null) params.set(UNUSUAL_PROPERTY_PARAM, property);
  if (page > 1) params.set(UNUSUAL_PAGE_PARAM, String(page));
  return `/properties?${params}#unusual-days`;
}

/** The Properties screen's day view: that day side by side, its unusual rates marked. */
function dayHref(day: string, range: RangeDays): string {
  return `/properties?${new URLSearchParams({ day, range: String(range) })}#side-by-side`;
}

function PropertyFilter({ list, shown, place }: { list: UnusualDays; shown: UnusualDaysPage; place: Place }) {
  return (
    <form action="/properties#unusual-days" method="get" className="mb-3 flex flex-wrap items-end gap-2">
      {place.day.kind === "day" ? <input type="hidden" name="day" value={place.day.day} /> : null}
      <input type="hidden" name="range" value={place.range} />
      <SelectField
        id="unusual-property"
        name={UNUSUAL_PROPERTY_PARAM}
        label="Property"
        defaultValue={shown.property?.label ?? ""}
      >
        <option value="">All your properties</option>
        {list.properties.map((property) => (
          <option key={property.key} value={property.label}>
            {property.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
    </form>
  );
}

function Pages({ shown, place }: { shown: UnusualDaysPage; place: Place }) {
  if (shown.pages <= 1) return null;
  const property = shown.property?.label ?? null;
  return (
    <Pager
      label="Unusual days pages"
      previous={shown.page > 1 ? { href: listHref(place, property, shown.page - 1), text: "Newer" } : null}
      next={shown.page < shown.pages ? { href: listHref(place, property, shown.page + 1), text: "Older" } : null}
    >
      <span className="text-stone-700" data-testid="unusual-days-page">
        Page {shown.page} of {shown.pages}
      </span>
    </Pager>
  );
}

/**
 * On a phone, each row as a short entry: the day's figure and its usual range stay in view rather
 * than in a table scrolled sideways.
 */
function UnusualDaysEntries({ shown, range }: { shown: UnusualDaysPage; range: RangeDays }) {
  return (
    <ul
      className="divide-y divide-stone-100 rounded-md border border-stone-200 text-sm sm:hidden"
      aria-label="Unusual days, newest first"
      data-testid="unusual-days-entries"
    >
      {shown.rows.map((row) => (
        <li key={`${row.day}|${row.key}|${row.rate}`} className="space-y-0.5 px-3 py-2" data-day={row.day}>
          <p className="flex flex-wrap justify-between gap-x-3">
            <Link href={dayHref(row.day, range)} className={buttonClass("link")}>
              <time dateTime={row.day}>{formatDayWithYear(row.day)}</time>
            </Link>
            <span className="font-medium text-stone-900">{row.label}</span>
          </p>
          <p className="text-stone-800">
            {row.figure} <span className="font-semibold text-stone-900 tabular-nums">{formatRateValue(row)}</span>
            <span className="text-amber-900">
              {" "}
              <span aria-hidden>{row.direction === "above" ? "▲" : "▼"}</span> {row.direction}
            </span>
          </p>
          <p className="text-stone-600 tabular-nums">Usual range {formatUsualRange(row)}</p>
        </li>
      ))}
    </ul>
  );
}

function UnusualDaysTable({ shown, range }: { shown: UnusualDaysPage; range: RangeDays }) {
  return (
    <div className="hidden sm:block">
      <ScrollTable label="Unusual days" minWidth="min-w-[40rem]" testId="unusual-days-table">
        <caption className="sr-only">Unusual days, newest first; each day opens that day side by side</caption>
        <ColumnHeads
          columns={[
            "Day",
            "Property",
            "Figure",
            { key: "value", label: "That day", className: "text-right" },
            { key: "usual", label: "Usual range", className: "text-right" },
          ]}
          rowClassName="border-b border-stone-200 text-left text-xs text-stone-600"
          cellClassName="px-3 py-2"
        />
        <tbody className="tabular-nums">
          {shown.rows.map((row) => (
            <tr
              key={`${row.day}|${row.key}|${row.rate}`}
              className="border-b border-stone-100 last:border-0"
              data-testid="unusual-day-row"
              data-day={row.day}
            >
              <td className="px-3 py-2 whitespace-nowrap" data-column="day">
                <Link href={dayHref(row.day, range)} className={buttonClass("link")}>
                  <time dateTime={row.day}>{formatDayWithYear(row.day)}</time>
                </Link>
              </td>
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                {row.label}
              </th>
              <td className="px-3 py-2" data-column="figure">
                {row.figure}
                <span className="block text-xs text-amber-900">
                  <span aria-hidden>{row.direction === "above" ? "▲ " : "▼ "}</span>
                  {row.direction === "above" ? "Above" : "Below"} the usual range
                </span>
              </td>
              <td className="px-3 py-2 text-right font-semibold text-stone-900" data-column="value">
                {formatRateValue(row)}
              </td>
              <td className="px-3 py-2 text-right text-stone-700" data-column="usual">
                {formatUsualRange(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}

/**
 * The unusual days of the chosen range's stored days, newest first: each property's day and rate
 * outside its usual range, a page at a time, narrowed to one property on request.
 */
export function UnusualDaysSection({
  loaded,
  day,
  range,
  property,
  page,
  pageSize,
  isAdmin,
}: {
  loaded: Loaded<UnusualDays | null>;
  day: DayParam;
  range: RangeDays;
  /** `?unusual-property=` as typed: a property's label. */
  property?: string;
  /** `?unusual-page=` as typed. */
  page?: string;
  /** Rows on one page. */
  pageSize: number;
  isAdmin: boolean;
}) {
  const place = { day, range };
  return (
    <LoadedSection
      id="unusual-days"
      title={`Unusual days over ${range} days`}
      what="the unusual days"
      loaded={loaded}
      isAdmin={isAdmin}
      description={(list) => (
        <p>
          Rates outside their property&apos;s usual range in {storedDaysWords(list)} (
          <time dateTime={list.days[0]}>{formatDayWithYear(list.days[0]!)}</time> to{" "}
          <time dateTime={list.days.at(-1)}>{formatDayWithYear(list.days.at(-1)!)}</time>), newest first.
        </p>
      )}
    >
      {(list) => {
        const shown = pageOfUnusualDays(list, { property, page, pageSize });
        const where = shown.property ? ` at ${shown.property.label}` : "";
        return (
          <div className="space-y-3">
            {list.properties.length > 1 ? <PropertyFilter list={list} shown={shown} place={place} /> : null}
            {shown.unknownProperty ? (
              <Notice tone="info" title="Showing all your properties">
                None of your properties in these days is called “{property}”.
              </Notice>
            ) : null}
            {shown.total === 0 ? (
              <EmptyState title={`No unusual days${where} in ${storedDaysWords(list)}`}>
                Every rate Daybook could judge on these stored days lay within its property&apos;s usual range.
              </EmptyState>
            ) : (
              <>
                <p className="text-sm text-stone-700" data-testid="unusual-days-count">
                  {shown.total === 1 ? "1 unusual rate" : `${shown.total} unusual rates`}
                  {where}
                  {shown.pages > 1 ? `, ${shown.first}–${shown.first + shown.rows.length - 1} shown` : ""}
                </p>
                <UnusualDaysTable shown={shown} range={range} />
                <UnusualDaysEntries shown={shown} range={range} />
                <Pages shown={shown} place={place} />
              </>
            )}
            <HowUnusualIsJudged />
          </div>
        );
      }}
    </LoadedSection>
  );
}
