import type { GuestArrival } from "@/lib/features/reports/types";

import { nameCaptured, searchTerms, searchText } from "./rows";
import { DEFAULT_SCREENING_FILTER, isScreeningFilter, matchesScreening, SCREENING_FILTER_IDS } from "./screening";
import { DEFAULT_SORT, isSortDirection, isSortKey, sortedPositions, type GuestSort } from "./sort";
import type { GuestPageRow, GuestRowsPage, GuestRowsQuery, GuestsReportInfo, ScreeningCounts } from "./types";

/**
 * The guests screen's rows, cut on the server: the day is searched, filtered and sorted where it is
 * held, and the browser receives one page at a time. Pure: the caller holds the index.
 */

/** The first page: a screenful and some to scroll into. */
export const FIRST_PAGE_SIZE = 50;
export const PAGE_SIZE = 100;
/** The most rows one request answers. */
export const MAX_PAGE_SIZE = 1000;
/** The longest search text read. */
export const MAX_SEARCH_LENGTH = 200;

export const DEFAULT_QUERY: GuestRowsQuery = { q: "", screening: DEFAULT_SCREENING_FILTER, sort: DEFAULT_SORT };

/**
 * How many rows to ask for with `loaded` rows already in hand: the first page, then as many again
 * as are loaded (so a long scroll, or a jump to the end, takes a few requests rather than hundreds),
 * at least a page and at most MAX_PAGE_SIZE.
 */
export function pageSizeAfter(loaded: number): number {
  if (loaded <= 0) return FIRST_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(PAGE_SIZE, loaded));
}

/** Where the next page starts, or undefined when the query's rows are all loaded. */
export function nextOffset(page: Pick<GuestRowsPage, "offset" | "rows" | "matched">): number | undefined {
  const end = page.offset + page.rows.length;
  return page.rows.length > 0 && end < page.matched ? end : undefined;
}

/** The search as the server reads it: lower-cased terms, single spaces (so "  Smith " and "smith" are one query). */
export function normaliseSearch(q: string): string {
  return searchTerms(q.slice(0, MAX_SEARCH_LENGTH)).join(" ");
}

export function sameQuery(a: GuestRowsQuery, b: GuestRowsQuery): boolean {
  return (
    normaliseSearch(a.q) === normaliseSearch(b.q) &&
    a.screening === b.screening &&
    a.sort.key === b.sort.key &&
    a.sort.direction === b.sort.direction
  );
}

type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

function param(params: SearchParams, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The sort and the "Show" choice from the page address (`?sort=room&direction=desc&show=criminal`):
 * they name no guest, so they may be shared and reloaded. Anything unreadable is the default. The
 * search text is never read from (or written to) an address.
 */
export function viewFromSearchParams(params: SearchParams): Omit<GuestRowsQuery, "q"> {
  const key = param(params, "sort");
  const direction = param(params, "direction");
  const show = param(params, "show");
  return {
    sort: isSortKey(key) ? { key, direction: isSortDirection(direction) ? direction : "asc" } : { ...DEFAULT_SORT },
    screening: isScreeningFilter(show) ? show : DEFAULT_SCREENING_FILTER,
  };
}

/** The address's query for a view: only what differs from the default, so the plain screen keeps a plain address. */
export function viewSearchParams(view: Omit<GuestRowsQuery, "q">): Record<string, string> {
  const params: Record<string, string> = {};
  if (view.sort.key !== DEFAULT_SORT.key || view.sort.direction !== DEFAULT_SORT.direction) {
    params.sort = view.sort.key;
    params.direction = view.sort.direction;
  }
  if (view.screening !== DEFAULT_SCREENING_FILTER) params.show = view.screening;
  return params;
}

export function countScreening(items: readonly GuestArrival[]): ScreeningCounts {
  const counts = Object.fromEntries(SCREENING_FILTER_IDS.map((id) => [id, 0])) as ScreeningCounts;
  for (const item of items) {
    for (const id of SCREENING_FILTER_IDS) if (matchesScreening(item, id)) counts[id] += 1;
  }
  return counts;
}

/**
 * What the server keeps of one day's report to answer its pages quickly: each arrival's search
 * text and the counts, with the sort orders and recent query results filled in as they are asked
 * for. It holds positions in the report, not the arrivals themselves: a page is cut from the report
 * as it is read for that request.
 */
export interface GuestIndex {
  readonly size: number;
  readonly search: readonly string[];
  readonly counts: ScreeningCounts;
  readonly orders: Map<string, Int32Array>;
  readonly results: Map<string, Int32Array>;
}

/** Query results kept per index, the most recently used last. */
const RESULTS_KEPT = 16;

export function indexArrivals(items: readonly GuestArrival[]): GuestIndex {
  return {
    size: items.length,
    search: items.map(searchText),
    counts: countScreening(items),
    orders: new Map(),
    results: new Map(),
  };
}

/** Every how many arrivals the fingerprint reads the identifying text (the screening flags it reads for all). */
const FINGERPRINT_STRIDE = 8;

/**
 * Tells one reading of a day's report from another cheaply (about a millisecond for 20,000
 * arrivals): the reported day, the number of arrivals, every arrival's screening flags in order,
 * and the property, check-in instant and last name of every eighth one and the last. Within a day
 * the API changes only isCurrentlyBanned, which is read for every arrival, so two readings with the
 * same fingerprint can share an index.
 */
export function fingerprintOf(reportedDateLocal: string, items: readonly GuestArrival[]): string {
  let hash = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x1f, 0x01000193);
  };
  const last = items.length - 1;
  for (let position = 0; position <= last; position++) {
    const item = items[position]!;
    if (position % FINGERPRINT_STRIDE === 0 || position === last) {
      mix(item.propertyName);
      mix(item.checkInAtUtc);
      mix(item.lastName ?? "\u0000");
    }
    const flags =
      (item.hasCriminalRecord ? 1 : 0) |
      (item.isSexualOffender ? 2 : 0) |
      (item.matchedBanAtCheckIn === true ? 4 : item.matchedBanAtCheckIn === false ? 8 : 0) |
      (item.isCurrentlyBanned ? 16 : 0) |
      (item.isFlagged ? 32 : 0);
    hash = Math.imul(hash ^ flags, 0x01000193);
  }
  return `${reportedDateLocal}:${items.length}:${(hash >>> 0).toString(36)}`;
}

/** The report's positions in the sort's order, computed once per index and sort. */
export function orderOf(index: GuestIndex, items: readonly GuestArrival[], sort: GuestSort): Int32Array {
  const key = `${sort.key}:${sort.direction}`;
  let order = index.orders.get(key);
  if (!order) {
    const rows = items.map((item) => ({
      item,
      checkInMs: Date.parse(item.checkInAtUtc),
      nameCaptured: nameCaptured(item),
    }));
    order = sortedPositions(rows, sort);
    index.orders.set(key, order);
  }
  return order;
}

/**
 * The positions of the arrivals the query keeps, in its order: every search term in the arrival's
 * search text (as `filterRows` does) and the "Show" choice. Recent results are kept, so the pages
 * after the first cost a slice.
 */
export function matchingPositions(
  index: GuestIndex,
  items: readonly GuestArrival[],
  query: Pick<GuestRowsQuery, "q" | "screening" | "sort">,
): Int32Array {
  const terms = searchTerms(query.q.slice(0, MAX_SEARCH_LENGTH));
  const key = JSON.stringify([query.sort.key, query.sort.direction, query.screening, terms]);
  const kept = index.results.get(key);
  if (kept) {
    index.results.delete(key);
    index.results.set(key, kept);
    return kept;
  }
  const order = orderOf(index, items, query.sort);
  let result = order;
  if (terms.length > 0 || query.screening !== "all") {
    const found = new Int32Array(order.length);
    let count = 0;
    for (const position of order) {
      if (query.screening !== "all" && !matchesScreening(items[position]!, query.screening)) continue;
      const text = index.search[position]!;
      if (terms.every((term) => text.includes(term))) found[count++] = position;
    }
    result = found.slice(0, count);
  }
  index.results.set(key, result);
  if (index.results.size > RESULTS_KEPT) index.results.delete(index.results.keys().next().value!);
  return result;
}

/** One page of the query's rows, with the counts the screen shows; the first page also carries the "Show" counts. */
export function pageOf(
  index: GuestIndex,
  items: readonly GuestArrival[],
  request: GuestRowsQuery & { offset: number; limit: number },
  report: GuestsReportInfo,
): GuestRowsPage {
  const positions = matchingPositions(index, items, request);
  const start = Math.max(0, Math.min(request.offset, positions.length));
  const end = Math.min(positions.length, start + Math.max(0, Math.min(request.limit, MAX_PAGE_SIZE)));
  const rows: GuestPageRow[] = [];
  for (let i = start; i < end; i++) {
    const at = positions[i]!;
    rows.push({ at, item: items[at]! });
  }
  return {
    offset: start,
    rows,
    matched: positions.length,
    total: items.length,
    report,
    ...(start === 0 && { counts: index.counts }),
  };
}
