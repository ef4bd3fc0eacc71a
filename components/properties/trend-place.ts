import type { DayParam, RangeDays } from "@/lib/core/days";
import type { SummaryColumn } from "@/lib/features/comparison/trend-summary";
import type { Sort } from "@/lib/features/overview/figures";

/** The search parameters of the trends of a large group, apart from the page's own `day` and `range`. */
export const TREND_PROPERTY_PARAM = "trend";
export const TREND_FILTER_PARAM = "trend-filter";
export const TREND_SORT_PARAM = "trend-sort";
export const TREND_ORDER_PARAM = "trend-order";
export const TREND_PAGE_PARAM = "trend-page";

/** Where the trends of a large group stand: the page's day and range, the chosen property, the summary's page. */
export interface TrendsPlace {
  day: DayParam;
  range: RangeDays;
  /** The chosen property's label. */
  property: string | null;
  filter: string;
  sort: Sort<SummaryColumn> | null;
  page: number;
}

/** The Properties screen at the trends, with `changes` made to where they stand. */
export function trendsHref(place: TrendsPlace, changes: Partial<Omit<TrendsPlace, "day" | "range">> = {}): string {
  const next = { ...place, ...changes };
  const params = new URLSearchParams();
  if (next.day.kind === "day") params.set("day", next.day.day);
  params.set("range", String(next.range));
  if (next.property !== null) params.set(TREND_PROPERTY_PARAM, next.property);
  if (next.filter !== "") params.set(TREND_FILTER_PARAM, next.filter);
  if (next.sort) {
    params.set(TREND_SORT_PARAM, next.sort.column);
    params.set(TREND_ORDER_PARAM, next.sort.direction);
  }
  if (next.page > 1) params.set(TREND_PAGE_PARAM, String(next.page));
  return `/properties?${params}#trends`;
}

/** Hidden fields that keep where the trends stand when a form changes one part of it. */
export function keptFields(place: TrendsPlace, omit: readonly (keyof TrendsPlace)[]): [string, string][] {
  const fields: [string, string][] = [];
  if (place.day.kind === "day") fields.push(["day", place.day.day]);
  fields.push(["range", String(place.range)]);
  if (!omit.includes("property") && place.property !== null) fields.push([TREND_PROPERTY_PARAM, place.property]);
  if (!omit.includes("filter") && place.filter !== "") fields.push([TREND_FILTER_PARAM, place.filter]);
  if (!omit.includes("sort") && place.sort) {
    fields.push([TREND_SORT_PARAM, place.sort.column], [TREND_ORDER_PARAM, place.sort.direction]);
  }
  return fields;
}
