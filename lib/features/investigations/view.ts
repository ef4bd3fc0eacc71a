/**
 * What every investigation reads from its address: the window (`?window=` 30, 90 or 365 days), a
 * property (`?property=`, a label as the property filter offers it) and a page (`?page=`). Never a
 * name or a document: those are personal data and stay out of URLs. Pure and isomorphic.
 */
import type { InvestigationScreen } from "@/lib/core/access";
import { addDays, firstParam, propertyFromSearchParam, utcDay } from "@/lib/core/days";

export const WINDOWS = [30, 90, 365] as const;
export type WindowDays = (typeof WINDOWS)[number];
export const DEFAULT_WINDOW: WindowDays = 90;

/** Lists on these screens are paged this many at a time. */
export const INVESTIGATION_PAGE_SIZE = 50;

export interface InvestigationQuery {
  window: WindowDays;
  property?: string;
  page?: string;
}

export function parseInvestigationQuery(params: Record<string, string | string[] | undefined>): InvestigationQuery {
  const asked = Number(firstParam(params.window, 5));
  const query: InvestigationQuery = {
    window: (WINDOWS as readonly number[]).includes(asked) ? (asked as WindowDays) : DEFAULT_WINDOW,
  };
  const property = propertyFromSearchParam(params.property);
  if (property !== undefined) query.property = property;
  const page = firstParam(params.page, 20);
  if (page !== undefined) query.page = page;
  return query;
}

export function investigationPath(screen: InvestigationScreen): string {
  return `/investigations/${screen}`;
}

/** An investigation's address; the defaults (90 days, every property, the first page) left out. */
export function investigationHref(
  screen: InvestigationScreen,
  { window = DEFAULT_WINDOW, property, page = 1 }: { window?: WindowDays; property?: string | null; page?: number },
): string {
  const params = new URLSearchParams();
  if (window !== DEFAULT_WINDOW) params.set("window", String(window));
  if (property) params.set("property", property);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${investigationPath(screen)}${search ? `?${search}` : ""}`;
}

/**
 * The local days a window covers: the `days` days ending with the day before `now`'s UTC day. Each
 * property's own day is later than that or equal, so no property's open day is in it; what the
 * window holds is read from the stored history, so a day Daybook has not stored counts as nothing
 * rather than as a day without arrivals.
 */
export function windowBounds(now: Date, days: WindowDays): { from: string; to: string } {
  const to = addDays(utcDay(now), -1);
  return { from: addDays(to, -(days - 1)), to };
}
