/**
 * What Alert response reads from its address beyond every investigation's window, property and
 * page (`?page=`, the table of properties): `?sort=`, the table's order, and `?alerts=`, the page of
 * the alerts not acknowledged. Pure and isomorphic.
 */
import { firstParam } from "@/lib/core/days";

import {
  choiceParam,
  investigationHref,
  parseInvestigationQuery,
  type InvestigationPlace,
  type InvestigationQuery,
  type SearchParams,
} from "./view";

/** The orders of the table of properties: the ranking (fastest desk first) unless another is chosen. */
export const RESPONSE_SORTS = ["fastest", "slowest", "unacknowledged", "name"] as const;
export type ResponseSort = (typeof RESPONSE_SORTS)[number];

export interface ResponseQuery extends InvestigationQuery {
  /** The table's order; the ranking when left out (as in the CSV). */
  sort?: ResponseSort;
  /** `?alerts=` as typed: the page of the alerts not acknowledged. */
  alerts?: string;
}

export function parseResponseQuery(params: SearchParams): ResponseQuery {
  const query: ResponseQuery = {
    ...parseInvestigationQuery(params),
    sort: choiceParam(params.sort, RESPONSE_SORTS) ?? "fastest",
  };
  const alerts = firstParam(params.alerts, 20);
  if (alerts !== undefined) query.alerts = alerts;
  return query;
}

/** The screen's address; the defaults (90 days, every property, the ranking, first pages) left out. */
export function responseHref({
  alerts = 1,
  sort = "fastest",
  ...place
}: InvestigationPlace & { alerts?: number; sort?: ResponseSort }): string {
  const href = investigationHref("response", place, { sort: sort === "fastest" ? null : sort });
  if (alerts <= 1) return href;
  return `${href}${href.includes("?") ? "&" : "?"}alerts=${alerts}`;
}

/** The parts of the screen a CSV holds, one table each. */
export const RESPONSE_PARTS = ["properties", "hours", "weekdays", "unacknowledged"] as const;
export type ResponsePart = (typeof RESPONSE_PARTS)[number];

export function parseResponsePart(value: string | string[] | null | undefined): ResponsePart {
  return choiceParam(value, RESPONSE_PARTS) ?? "properties";
}
