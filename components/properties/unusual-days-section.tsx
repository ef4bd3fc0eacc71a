import { useTranslations } from "next-intl";

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
import type { Formatter } from "@/lib/core/format";
import {
  pageOfUnusualDays,
  type UnusualDayRow,
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

/** A row's figures in the person's language and formats: its rate's name, that day's value and the usual range. */
function useRowWords(format: Formatter) {
  const t = useTranslations("properties.unusual");
  // The rates' names are the ones the insights sentences give them.
  const figures = useTranslations("insights.unusual.figure");
  return (row: UnusualDayRow) => {
    const unit = row.unit === "percent" ? "percent" : "per100";
    return {
      figure: figures(row.rate),
      value: t(`value.${unit}`, {
        value: format.number(row.value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      }),
      usual: t(`range.${unit}`, {
        low: format.number(row.low, { maximumFractionDigits: 1 }),
        high: format.number(row.high, { maximumFractionDigits: 1 }),
      }),
    };
  };
}

function PropertyFilter({ list, shown, place }: { list: UnusualDays; shown: UnusualDaysPage; place: Place }) {
  const t = useTranslations("properties.unusual");
  return (
    <form action="/properties#unusual-days" method="get" className="mb-3 flex flex-wrap items-end gap-2">
      {place.day.kind === "day" ? <input type="hidden" name="day" value={place.day.day} /> : null}
      <input type="hidden" name="range" value={place.range} />
      <SelectField
        id="unusual-property"
        name={UNUSUAL_PROPERTY_PARAM}
        label={t("property")}
        defaultValue={shown.property?.label ?? ""}
      >
        <option value="">{t("allProperties")}</option>
        {list.properties.map((property) => (
          <option key={property.key} value={property.label}>
            {property.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="field" variant="secondary">
        {t("show")}
      </Button>
    </form>
  );
}

function Pages({ shown, place }: { shown: UnusualDaysPage; place: Place }) {
  const t = useTranslations("properties.unusual");
  if (shown.pages <= 1) return null;
  const property = shown.property?.label ?? null;
  return (
    <Pager
      label={t("pagesLabel")}
      previous={shown.page > 1 ? { href: listHref(place, property, shown.page - 1), text: t("newer") } : null}
      next={shown.page < shown.pages ? { href: listHref(place, property, shown.page + 1), text: t("older") } : null}
    >
      <span className="text-stone-700" data-testid="unusual-days-page">
        {t("page", { page: shown.page, pages: shown.pages })}
      </span>
    </Pager>
  );
}

/**
 * On a phone, each row as a short entry: the day's figure and its usual range stay in view rather
 * than in a table scrolled sideways.
 */
function UnusualDaysEntries({ shown, range, format }: { shown: UnusualDaysPage; range: RangeDays; format: Formatter }) {
  const t = useTranslations("properties.unusual");
  const words = useRowWords(format);
  return (
    <ul
      className="divide-y divide-stone-100 rounded-md border border-stone-200 text-sm sm:hidden"
      aria-label={t("entriesLabel")}
      data-testid="unusual-days-entries"
    >
      {shown.rows.map((row) => {
        const { figure, value, usual } = words(row);
        return (
          <li key={`${row.day}|${row.key}|${row.rate}`} className="space-y-0.5 px-3 py-2" data-day={row.day}>
            <p className="flex flex-wrap justify-between gap-x-3">
              <Link href={dayHref(row.day, range)} className={buttonClass("link")}>
                <time dateTime={row.day}>{format.dayWithYear(row.day)}</time>
              </Link>
              <span className="font-medium text-stone-900">{row.label}</span>
            </p>
            <p className="text-stone-800">
              {figure} <span className="font-semibold text-stone-900 tabular-nums">{value}</span>
              <span className="text-amber-900">
                {" "}
                <span aria-hidden>{row.direction === "above" ? "▲" : "▼"}</span> {t(`direction.${row.direction}`)}
              </span>
            </p>
            <p className="text-stone-600 tabular-nums">{t("usualRange", { range: usual })}</p>
          </li>
        );
      })}
    </ul>
  );
}

function UnusualDaysTable({ shown, range, format }: { shown: UnusualDaysPage; range: RangeDays; format: Formatter }) {
  const t = useTranslations("properties.unusual");
  const words = useRowWords(format);
  return (
    <div className="hidden sm:block">
      <ScrollTable label={t("tableLabel")} minWidth="min-w-[40rem]" testId="unusual-days-table">
        <caption className="sr-only">{t("caption")}</caption>
        <ColumnHeads
          columns={[
            { key: "day", label: t("columns.day") },
            { key: "property", label: t("columns.property") },
            { key: "figure", label: t("columns.figure") },
            { key: "value", label: t("columns.value"), className: "text-right" },
            { key: "usual", label: t("columns.usual"), className: "text-right" },
          ]}
          rowClassName="border-b border-stone-200 text-left text-xs text-stone-600"
          cellClassName="px-3 py-2"
        />
        <tbody className="tabular-nums">
          {shown.rows.map((row) => {
            const { figure, value, usual } = words(row);
            return (
              <tr
                key={`${row.day}|${row.key}|${row.rate}`}
                className="border-b border-stone-100 last:border-0"
                data-testid="unusual-day-row"
                data-day={row.day}
              >
                <td className="px-3 py-2 whitespace-nowrap" data-column="day">
                  <Link href={dayHref(row.day, range)} className={buttonClass("link")}>
                    <time dateTime={row.day}>{format.dayWithYear(row.day)}</time>
                  </Link>
                </td>
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                  {row.label}
                </th>
                <td className="px-3 py-2" data-column="figure">
                  {figure}
                  <span className="block text-xs text-amber-900">
                    <span aria-hidden>{row.direction === "above" ? "▲ " : "▼ "}</span>
                    {t(`beyond.${row.direction}`)}
                  </span>
                </td>
                <td className="px-3 py-2 text-right font-semibold text-stone-900" data-column="value">
                  {value}
                </td>
                <td className="px-3 py-2 text-right text-stone-700" data-column="usual">
                  {usual}
                </td>
              </tr>
            );
          })}
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
  format,
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
  format: Formatter;
}) {
  const t = useTranslations("properties.unusual");
  const place = { day, range };
  const stored = (list: UnusualDays) => t("storedDays", { count: list.days.length });
  return (
    <LoadedSection
      id="unusual-days"
      title={t("title", { range })}
      what={t("what")}
      loaded={loaded}
      isAdmin={isAdmin}
      description={(list) => (
        <p>
          {t.rich("description", {
            stored: stored(list),
            from: (chunks) => <time dateTime={list.days[0]}>{chunks}</time>,
            to: (chunks) => <time dateTime={list.days.at(-1)}>{chunks}</time>,
            first: format.dayWithYear(list.days[0]!),
            last: format.dayWithYear(list.days.at(-1)!),
          })}
        </p>
      )}
    >
      {(list) => {
        const shown = pageOfUnusualDays(list, { property, page, pageSize });
        const where = { where: shown.property ? "one" : "all", property: shown.property?.label ?? "" };
        return (
          <div className="space-y-3">
            {list.properties.length > 1 ? <PropertyFilter list={list} shown={shown} place={place} /> : null}
            {shown.unknownProperty ? (
              <Notice tone="info" title={t("unknownTitle")}>
                {t("unknown", { name: property ?? "" })}
              </Notice>
            ) : null}
            {shown.total === 0 ? (
              <EmptyState title={t("noneTitle", { ...where, stored: stored(list) })}>{t("noneBody")}</EmptyState>
            ) : (
              <>
                <p className="text-sm text-stone-700" data-testid="unusual-days-count">
                  {t("count", {
                    ...where,
                    count: shown.total,
                    cut: shown.pages > 1 ? "yes" : "no",
                    first: shown.first,
                    last: shown.first + shown.rows.length - 1,
                  })}
                </p>
                <UnusualDaysTable shown={shown} range={range} format={format} />
                <UnusualDaysEntries shown={shown} range={range} format={format} />
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
