/**
 * The banned-after-stay list as a page shows it: a page of 50 at a time, filtered to one property
 * where the person has several. A year of a large group lists tens of thousands of stays; the page
 * sends one page of them. Pure and isomorphic.
 */
import { propertyKey } from "@/lib/core/access";
import { firstParam, propertyFromSearchParam } from "@/lib/core/days";
import { pageOf, type Page } from "@/lib/core/paging";

export const BANNED_PAGE_SIZE = 50;

export const BANNED_PATH = "/insights/banned-after-stay";

/** The list's search parameters, as typed; checked when the view is made. */
export interface BannedQuery {
  /** `?property=`: a property's label, as the filter offers it. */
  property?: string;
  /** `?page=` as typed. */
  page?: string;
}

export function parseBannedQuery(params: Record<string, string | string[] | undefined>): BannedQuery {
  return { property: propertyFromSearchParam(params.property), page: firstParam(params.page, 20) };
}

/** The list as asked; the defaults (every property, the first page) left out. */
export function bannedHref({ property, page = 1 }: { property?: string | null; page?: number }): string {
  const params = new URLSearchParams();
  if (property) params.set("property", property);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${BANNED_PATH}?${query}` : BANNED_PATH;
}

/** A property of the list, with how many of its stays it holds. */
export interface BannedProperty {
  label: string;
  stays: number;
}

export interface BannedView<T> extends Page<T> {
  /** Every property the list names, by label, for the filter (none offered for one). */
  properties: BannedProperty[];
  /** The property the list is filtered to; null for all. */
  property: BannedProperty | null;
  /** `?property=` named none of the list's properties: the whole list is shown, saying so. */
  unknownProperty: string | null;
}

/** One page of `entries` (the whole list, in its order) as `query` asks. */
export function viewBanned<T extends { label: string }>(entries: readonly T[], query: BannedQuery): BannedView<T> {
  const counts = new Map<string, BannedProperty>();
  for (const entry of entries) {
    const found = counts.get(entry.label) ?? { label: entry.label, stays: 0 };
    found.stays += 1;
    counts.set(entry.label, found);
  }
  const properties = [...counts.values()].sort((a, b) => a.label.localeCompare(b.label, "en"));
  const wanted = query.property === undefined ? undefined : propertyKey(query.property);
  const property =
    wanted === undefined ? null : (properties.find((entry) => propertyKey(entry.label) === wanted) ?? null);
  const shown = property ? entries.filter((entry) => entry.label === property.label) : entries;
  return {
    ...pageOf(shown, query.page, BANNED_PAGE_SIZE),
    properties,
    property,
    unknownProperty: query.property !== undefined && property === null ? query.property : null,
  };
}
