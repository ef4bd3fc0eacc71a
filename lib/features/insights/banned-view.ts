/**
 * The banned-after-stay list as a page shows it: filtered to one property where the person has
 * several, to a range of stored days and to a name searched for, then a page of 50 at a time. A
 * year of a large group lists tens of thousands of stays; the page sends one page of them. Pure and
 * isomorphic.
 */
import { propertyKey } from "@/lib/core/access";
import { firstParam, isCalendarDay, propertyFromSearchParam } from "@/lib/core/days";
import { pageOf, type Page } from "@/lib/core/paging";

export const BANNED_PAGE_SIZE = 50;

export const BANNED_PATH = "/insights/banned-after-stay";

/** The longest name search read; a name is far shorter. */
export const MAX_BANNED_SEARCH = 200;

/** The list's choices, as typed; checked when the view is made. */
export interface BannedQuery {
  /** `?property=`: a property's label, as the filter offers it. */
  property?: string;
  /** `?from=` and `?to=`: the first and last stored day of the stays shown, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** `?page=` as typed. */
  page?: string;
  /**
   * A guest's name, or part of it. Never read from the address: a name is personal data, so it
   * travels in a form's body (the search action, the CSV's form post), never in a URL or a log.
   */
  q?: string;
}

export function parseBannedQuery(params: Record<string, string | string[] | undefined>): BannedQuery {
  const query: BannedQuery = {
    property: propertyFromSearchParam(params.property),
    from: firstParam(params.from, 20),
    to: firstParam(params.to, 20),
    page: firstParam(params.page, 20),
  };
  for (const key of ["property", "from", "to", "page"] as const) if (query[key] === undefined) delete query[key];
  return query;
}

/** The list as asked; the defaults (every property, every day, the first page) left out. */
export function bannedHref({
  property,
  from,
  to,
  page = 1,
}: {
  property?: string | null;
  from?: string | null;
  to?: string | null;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (property) params.set("property", property);
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${BANNED_PATH}?${query}` : BANNED_PATH;
}

/** A property of the list, with how many of its stays it holds. */
export interface BannedProperty {
  label: string;
  stays: number;
}

/** The stored days the list is filtered to, each end null when open. */
export interface BannedRange {
  from: string | null;
  to: string | null;
}

export interface BannedView<T> extends Page<T> {
  /** Every property the list names, by label, for the filter (none offered for one). */
  properties: BannedProperty[];
  /** The property the list is filtered to; null for all. */
  property: BannedProperty | null;
  /** `?property=` named none of the list's properties: the whole list is shown, saying so. */
  unknownProperty: string | null;
  range: BannedRange;
  /** The first and last stored day of the whole list, for the range's inputs; null when it is empty. */
  days: BannedRange;
  /** What was typed as a day and is not one: the end is left open, saying so. */
  invalidDays: string[];
  /** The name searched for, trimmed; "" for none. */
  search: string;
}

/** Lower-cased terms; a name matches when it holds every one ("ann smi" finds Anna Smith). */
export function nameTerms(search: string): string[] {
  return search.slice(0, MAX_BANNED_SEARCH).toLowerCase().trim().split(/\s+/).filter(Boolean);
}

export function nameMatches(name: string, terms: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return terms.every((term) => lower.includes(term));
}

function readRange(query: BannedQuery): { range: BannedRange; invalidDays: string[] } {
  const invalidDays: string[] = [];
  const read = (value: string | undefined) => {
    if (value === undefined || value === "") return null;
    if (isCalendarDay(value)) return value;
    invalidDays.push(value);
    return null;
  };
  const from = read(query.from);
  const to = read(query.to);
  // A range typed backwards is read the way round it was meant.
  const range = from !== null && to !== null && from > to ? { from: to, to: from } : { from, to };
  return { range, invalidDays };
}

/**
 * The stays `query`'s property and days allow, in the list's order, with what the filters read.
 * The name search is applied by the caller, which reads names only for these.
 */
export function filterBanned<T extends { label: string; day: string }>(entries: readonly T[], query: BannedQuery) {
  const counts = new Map<string, BannedProperty>();
  let first: string | null = null;
  let last: string | null = null;
  for (const entry of entries) {
    const found = counts.get(entry.label) ?? { label: entry.label, stays: 0 };
    found.stays += 1;
    counts.set(entry.label, found);
    if (first === null || entry.day < first) first = entry.day;
    if (last === null || entry.day > last) last = entry.day;
  }
  const properties = [...counts.values()].sort((a, b) => a.label.localeCompare(b.label, "en"));
  const wanted = query.property === undefined ? undefined : propertyKey(query.property);
  const property =
    wanted === undefined ? null : (properties.find((entry) => propertyKey(entry.label) === wanted) ?? null);
  const { range, invalidDays } = readRange(query);
  const shown = entries.filter(
    (entry) =>
      (property === null || entry.label === property.label) &&
      (range.from === null || entry.day >= range.from) &&
      (range.to === null || entry.day <= range.to),
  );
  return {
    shown,
    properties,
    property,
    unknownProperty: query.property !== undefined && property === null ? query.property : null,
    range,
    days: { from: first, to: last },
    invalidDays,
  };
}

/**
 * One page of `entries` (the whole list, in its order) as `query` asks. `named` is given when a
 * name is searched for: the filtered stays whose names match. `filtered` is `filterBanned`'s answer
 * when the caller has it already.
 */
export function viewBanned<T extends { label: string; day: string }>(
  entries: readonly T[],
  query: BannedQuery,
  named?: (shown: readonly T[]) => readonly T[],
  filtered: ReturnType<typeof filterBanned<T>> = filterBanned(entries, query),
): BannedView<T> {
  const { shown, ...filters } = filtered;
  const search = (query.q ?? "").trim().slice(0, MAX_BANNED_SEARCH);
  const matched = search !== "" && named ? named(shown) : shown;
  return { ...pageOf(matched, query.page, BANNED_PAGE_SIZE), ...filters, search };
}
