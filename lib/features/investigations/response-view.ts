/**
 * What Alert response reads from its address beyond every investigation's window, property and
 * page (`?page=`, the table of properties): `?alerts=`, the page of the alerts not acknowledged.
 * Pure and isomorphic.
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

export interface ResponseQuery extends InvestigationQuery {
  /** `?alerts=` as typed: the page of the alerts not acknowledged. */
  alerts?: string;
}

export function parseResponseQuery(params: SearchParams): ResponseQuery {
  const query: ResponseQuery = parseInvestigationQuery(params);
  const alerts = firstParam(params.alerts, 20);
  if (alerts !== undefined) query.alerts = alerts;
  return query;
}

/** The screen's address; the defaults (90 days, every property, first pages) left out. */
export function responseHref({ alerts = 1, ...place }: InvestigationPlace & { alerts?: number }): string {
  const href = investigationHref("response", place);
  if (alerts <= 1) return href;
  return `${href}${href.includes("?") ? "&" : "?"}alerts=${alerts}`;
}

/** The parts of the screen a CSV holds, one table each. */
export const RESPONSE_PARTS = ["properties", "hours", "weekdays", "unacknowledged"] as const;
export type ResponsePart = (typeof RESPONSE_PARTS)[number];

export function parseResponsePart(value: string | string[] | null | undefined): ResponsePart {
  return choiceParam(value, RESPONSE_PARTS) ?? "properties";
}
