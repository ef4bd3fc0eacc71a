/**
 * The trends' summary table for a group of many properties: a row per property, filtered by name,
 * sorted by a column and cut to one page on the server, so only the rows shown reach the browser.
 * The page's address carries the choice (`?trend-filter=`, `?trend-sort=`, `?trend-order=`,
 * `?trend-page=`), as the unusual-days list's does.
 */

import { propertyKey } from "@/lib/core/access";
import { sortRows, type Sort, type SortDirection } from "@/lib/features/overview/figures";

import type { SeriesSummary } from "./trends";

/** Rows of the summary on one page. */
export const SUMMARY_PAGE_SIZE = 25;

export const SUMMARY_COLUMNS = [
  "label",
  "daysWithFigures",
  "totalScans",
  "averageScans",
  "manualShare",
  "alertsPer100",
  "warningsPer100",
] as const;
export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];

export interface SummaryQuery {
  /** Part of a property's name, matched as the API matches names (casing and spacing aside). */
  filter?: string;
  /** `?trend-sort=` as typed: a column; anything else keeps the report's order. */
  sort?: string;
  /** `?trend-order=`: "ascending" or "descending"; absent, the column's first direction. */
  order?: string;
  /** `?trend-page=` as typed. */
  page?: string;
}

export interface SummaryPage {
  rows: SeriesSummary[];
  /** Every property in the range. */
  total: number;
  /** Those whose name holds the filter. */
  matching: number;
  filter: string;
  sort: Sort<SummaryColumn> | null;
  page: number;
  pages: number;
  /** The position of the first row shown, from 1 (0 when none is). */
  first: number;
}

/** Text sorts A→Z first, figures largest first: what a person sorting by a figure usually looks for. */
export function firstDirection(column: SummaryColumn): SortDirection {
  return column === "label" ? "ascending" : "descending";
}

export function parseSummarySort(sort?: string, order?: string): Sort<SummaryColumn> | null {
  const column = SUMMARY_COLUMNS.find((entry) => entry === sort);
  if (!column) return null;
  const direction = order === "ascending" || order === "descending" ? order : firstDirection(column);
  return { column, direction };
}

/** The sort a column's header leads to: its first direction, or the other one when it is the sort already. */
export function nextSummarySort(current: Sort<SummaryColumn> | null, column: SummaryColumn): Sort<SummaryColumn> {
  if (current?.column !== column) return { column, direction: firstDirection(column) };
  return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
}

/**
 * One page of the summary. A figure not recorded is null and sorts last either way, as "—" does;
 * ties keep the newest report's order. A page past the last is the last.
 */
export function pageOfSummaries(
  summaries: readonly SeriesSummary[],
  query: SummaryQuery,
  pageSize = SUMMARY_PAGE_SIZE,
): SummaryPage {
  const filter = (query.filter ?? "").trim();
  const wanted = propertyKey(filter);
  const matching = summaries
    .map((summary, index) => ({ ...summary, index }))
    .filter((summary) => wanted === "" || propertyKey(summary.label).includes(wanted));
  const sort = parseSummarySort(query.sort, query.order);
  const sorted = sortRows<SummaryColumn, (typeof matching)[number]>(matching, sort);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const asked = query.page !== undefined && /^\d{1,6}$/.test(query.page) ? Number(query.page) : 1;
  const page = Math.min(Math.max(asked, 1), pages);
  return {
    rows: sorted.slice((page - 1) * pageSize, page * pageSize).map((row) => summaries[row.index]!),
    total: summaries.length,
    matching: sorted.length,
    filter,
    sort,
    page,
    pages,
    first: sorted.length === 0 ? 0 : (page - 1) * pageSize + 1,
  };
}
