/**
 * The Review page's view of a queue: narrowed to one property and to overdue lists, sorted, one page
 * of it, with every property's counts for the filter. The whole queue is a few thousand lists at
 * most (the lists not signed off), so this is done on it in memory. Pure.
 */
import { propertyKey } from "@/lib/core/access";
import { firstParam, propertyFromSearchParam } from "@/lib/core/days";
import { pageOf } from "@/lib/core/paging";
import { soleProperty, type PropertyChoice } from "@/lib/core/property-choices";

import { listProperty, listPropertyKey } from "./list";
import type { QueueProperty, QueuePropertyProblem, QueueRow, QueueSort, ReviewQueueView } from "./types";

export const QUEUE_PAGE_SIZE = 50;

export const QUEUE_SORTS: readonly QueueSort[] = ["oldest", "newest", "property"];

/** The queue's search parameters, as typed; checked when the view is made. */
export interface QueueQuery {
  /** `?property=`: a property's label, as the filter offers it. */
  property?: string;
  /** `?overdue=1`. */
  overdueOnly: boolean;
  /** `?sort=`: an unknown one is the default. */
  sort: QueueSort;
  /** `?page=` as typed. */
  page?: string;
}

export function parseQueueQuery(params: Record<string, string | string[] | undefined>): QueueQuery {
  const sort = firstParam(params.sort, 20);
  return {
    property: propertyFromSearchParam(params.property),
    overdueOnly: firstParam(params.overdue, 10) === "1",
    sort: QUEUE_SORTS.find((known) => known === sort) ?? "oldest",
    page: firstParam(params.page, 20),
  };
}

/** The Review page as asked; the defaults (every property, oldest first, the first page) left out. */
export function queueHref({
  property,
  overdueOnly = false,
  sort = "oldest",
  page = 1,
}: {
  property?: string | null;
  overdueOnly?: boolean;
  sort?: QueueSort;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (property) params.set("property", property);
  if (overdueOnly) params.set("overdue", "1");
  if (sort !== "oldest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/review?${query}` : "/review";
}

/** Each property of the queue and of the person, with its lists waiting and overdue. */
function queueProperties(rows: readonly QueueRow[], choices: readonly PropertyChoice[]): QueueProperty[] {
  const byKey = new Map<string, QueueProperty>();
  const entry = ({ propertyName, zone }: { propertyName: string; zone: string | null }) => {
    const property = { propertyName, zone };
    const key = listPropertyKey(property);
    let found = byKey.get(key);
    if (!found) {
      found = { key, ...property, label: listProperty(property), waiting: 0, overdue: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const choice of choices) {
    // A shared name's lists carry their property's zone; a name nobody shares has none.
    if (choice.zones.length > 1) for (const zone of choice.zones) entry({ propertyName: choice.name, zone });
    else entry({ propertyName: choice.name, zone: null });
  }
  for (const row of rows) {
    const found = entry(row);
    found.waiting += 1;
    if (row.overdue) found.overdue += 1;
  }
  return [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label, "en"));
}

/** The property `asked` names (as the API compares names: casing and spacing aside), or why none. */
function chosenProperty(
  properties: readonly QueueProperty[],
  asked: string,
): { property: QueueProperty | null; problem: QueuePropertyProblem | null } {
  const wanted = propertyKey(asked);
  const exact = properties.find((entry) => propertyKey(entry.label) === wanted);
  if (exact) return { property: exact, problem: null };
  // A shared name alone, without which of its properties.
  const named = properties.filter((entry) => entry.zone !== null && propertyKey(entry.propertyName) === wanted);
  if (named.length > 1)
    return {
      property: null,
      problem: {
        asked,
        kind: "shared",
        labels: named.map((entry) => entry.label),
        properties: named.map(({ propertyName, zone }) => ({ propertyName, zone })),
      },
    };
  return { property: null, problem: { asked, kind: "unknown", labels: [], properties: [] } };
}

const byDay = (a: QueueRow, b: QueueRow) =>
  a.day.localeCompare(b.day) ||
  a.storedAt.localeCompare(b.storedAt) ||
  listProperty(a).localeCompare(listProperty(b), "en");

const ORDERS: Record<QueueSort, (a: QueueRow, b: QueueRow) => number> = {
  oldest: byDay,
  newest: (a, b) => byDay(b, a),
  property: (a, b) => listProperty(a).localeCompare(listProperty(b), "en") || byDay(a, b),
};

/**
 * One page of `rows` (the person's whole queue, oldest first) as `query` asks. `choices`: the
 * person's properties, so a property with nothing waiting is still known (and a person with one
 * property gets no filter). An unknown property shows the whole queue, saying so.
 */
export function viewQueue(
  rows: readonly QueueRow[],
  query: QueueQuery,
  choices: readonly PropertyChoice[],
  pageSize = QUEUE_PAGE_SIZE,
): Omit<ReviewQueueView, "notKept"> {
  const all = queueProperties(rows, choices);
  const { property, problem } = query.property
    ? chosenProperty(all, query.property)
    : { property: null, problem: null };
  const kept = rows.filter(
    (row) => (!property || listPropertyKey(row) === property.key) && (!query.overdueOnly || row.overdue),
  );
  const shown = pageOf([...kept].sort(ORDERS[query.sort]), query.page, pageSize);
  return {
    rows: shown.rows,
    total: rows.length,
    overdue: rows.filter((row) => row.overdue).length,
    properties: all.filter((entry) => entry.waiting > 0 || entry.key === property?.key),
    chooseProperty: soleProperty(choices) === null,
    property,
    propertyProblem: problem,
    overdueOnly: query.overdueOnly,
    sort: query.sort,
    matching: shown.total,
    page: shown.page,
    pages: shown.pages,
    first: shown.first,
  };
}
