/**
 * What Alert response reads from its address beyond every investigation's window, property and
 * page (`?page=`, the table of properties): `?alerts=`, the page of the alerts not acknowledged.
 * Pure and isomorphic.
 */
import { firstParam } from "@/lib/core/days";

import { investigationHref, parseInvestigationQuery, type InvestigationQuery, type WindowDays } from "./view";

export interface ResponseQuery extends InvestigationQuery {
  /** `?alerts=` as typed: the page of the alerts not acknowledged. */
  alerts?: string;
}

export function parseResponseQuery(params: Record<string, string | string[] | undefined>): ResponseQuery {
  const query: ResponseQuery = parseInvestigationQuery(params);
  const alerts = firstParam(params.alerts, 20);
  if (alerts !== undefined) query.alerts = alerts;
  return query;
}

/** The screen's address; the defaults (90 days, every property, first pages) left out. */
export function responseHref({
  window,
  property,
  page = 1,
  alerts = 1,
}: {
  window?: WindowDays;
  property?: string | null;
  page?: number;
  alerts?: number;
}): string {
  const href = investigationHref("response", { window, property, page });
  if (alerts <= 1) return href;
  return `${href}${href.includes("?") ? "&" : "?"}alerts=${alerts}`;
}

/** The parts of the screen a CSV holds, one table each. */
export const RESPONSE_PARTS = ["properties", "hours", "weekdays", "unacknowledged"] as const;
export type ResponsePart = (typeof RESPONSE_PARTS)[number];

export function parseResponsePart(value: string | string[] | null | undefined): ResponsePart {
  const part = firstParam(value, 20);
  return (RESPONSE_PARTS as readonly string[]).includes(part ?? "") ? (part as ResponsePart) : "properties";
}
