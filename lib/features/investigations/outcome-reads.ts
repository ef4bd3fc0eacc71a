/**
 * The match outcomes read for a person: their properties' reviews of a window, summed by the
 * database, then laid out as tables. Each function takes the database, the person's scope and the
 * days, so tests call them on both databases at a set time.
 */
import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import type { PropertyNameWords } from "@/lib/core/property-names";
import type { Executor } from "@/lib/server/db/types";

import { readOutcomeGroups, reviewedPropertyNames, type OutcomeGroup } from "./outcome-counts";
import {
  outcomeTables,
  outcomeView,
  visibleGroups,
  type OutcomeQuery,
  type OutcomeTables,
  type OutcomeView,
  type PropertyRow,
} from "./outcome-view";
import type { WindowDays } from "./view";

/** Whether a person has more than one property to tell apart (a name shared by several shows in the data). */
export function hasSeveralProperties(scope: PropertyScope): boolean {
  return scope.allProperties || new Set(scope.properties.map(propertyKey)).size > 1;
}

/**
 * The reviews of [from, to] of the person's properties, as groups. A person with some properties
 * has the database read only theirs (item_reviews_list_idx, by name and day); one with every
 * property has the window's days read (item_reviews_date_idx, or the whole table for a year).
 */
export async function outcomeGroupsFor(
  db: Executor,
  scope: PropertyScope,
  { from, to }: { from: string; to: string },
): Promise<OutcomeGroup[]> {
  const names = scope.allProperties
    ? undefined
    : (await reviewedPropertyNames(db)).filter((name) => canSeeProperty(scope, name));
  return visibleGroups(await readOutcomeGroups(db, { from, to, names }), scope);
}

/** The screen's figures over the window [from, to]; properties labelled in `words` (English by default). */
export async function matchOutcomesFor(
  db: Executor,
  scope: PropertyScope,
  query: OutcomeQuery,
  days: { from: string; to: string },
  words?: PropertyNameWords,
): Promise<OutcomeView> {
  const groups = await outcomeGroupsFor(db, scope, days);
  return outcomeView(groups, query, { ...days, severalProperties: hasSeveralProperties(scope), words });
}

/** Every table in full (each property's row, not a page of them), for the CSV; labels in `words` (English by default). */
export async function matchOutcomeTablesFor(
  db: Executor,
  scope: PropertyScope,
  query: OutcomeQuery,
  days: { from: string; to: string },
  words?: PropertyNameWords,
): Promise<{ tables: OutcomeTables; property: string | null }> {
  const groups = await outcomeGroupsFor(db, scope, days);
  const view = outcomeView(groups, query, { ...days, severalProperties: hasSeveralProperties(scope), words });
  const all = outcomeTables(groups, { window: query.window, ...days, sort: query.sort, words });
  return { tables: { ...view, byProperty: all.byProperty }, property: view.property?.label ?? null };
}

/** Each of the person's properties with reviews in [from, to], by name: the Properties figure; labels in `words`. */
export async function propertyRatesFor(
  db: Executor,
  scope: PropertyScope,
  days: { window: WindowDays; from: string; to: string },
  words?: PropertyNameWords,
): Promise<PropertyRow[]> {
  const groups = await outcomeGroupsFor(db, scope, days);
  return outcomeTables(groups, { ...days, sort: "name", words }).byProperty;
}
