/**
 * What Staff flags reads from its address beyond every investigation's window, property and page:
 * `?sort=`, the order of the table of properties, and the screen's addresses. Pure and isomorphic.
 */
import {
  choiceParam,
  investigationHref,
  parseInvestigationQuery,
  type InvestigationPlace,
  type InvestigationQuery,
  type SearchParams,
} from "./view";

/** The orders of the table of properties: most flags per 100 arrivals first unless another is chosen. */
export const STAFF_FLAG_SORTS = ["most", "fewest", "arrivals", "name"] as const;
export type StaffFlagSort = (typeof STAFF_FLAG_SORTS)[number];

export interface StaffFlagQuery extends InvestigationQuery {
  /** The table's order; most flags first when left out (as in the CSV). */
  sort?: StaffFlagSort;
}

export function parseStaffFlagQuery(params: SearchParams): StaffFlagQuery {
  return { ...parseInvestigationQuery(params), sort: choiceParam(params.sort, STAFF_FLAG_SORTS) ?? "most" };
}

/** The screen's address; the defaults (90 days, every property, most flags first, the first page) left out. */
export function staffFlagsHref({ sort = "most", ...place }: InvestigationPlace & { sort?: StaffFlagSort }): string {
  return investigationHref("staff-flags", place, { sort: sort === "most" ? null : sort });
}

/** The order of two properties' rows: a property without a rate (no arrivals stored) last, then by name. */
export function compareFlagRows(
  a: { label: string; per100: number | null; arrivals: number },
  b: { label: string; per100: number | null; arrivals: number },
  sort: StaffFlagSort,
): number {
  const byName = a.label.localeCompare(b.label, "en");
  if (sort === "name") return byName;
  if (sort === "arrivals") return b.arrivals - a.arrivals || byName;
  if (a.per100 === null || b.per100 === null)
    return (a.per100 === null ? 1 : 0) - (b.per100 === null ? 1 : 0) || byName;
  return (sort === "most" ? b.per100 - a.per100 : a.per100 - b.per100) || byName;
}
