/**
 * The review records the queue reads: which lists are signed off now and which items are reviewed,
 * each asked for only where the queue's lists are. Part of the review repository.
 */
import { and, eq, inArray, isNull, notInArray, sql, type Column, type SQL } from "drizzle-orm";

import { propertyKey } from "@/lib/core/access";
import type { MatchOutcome } from "@/lib/core/match-outcomes";
import { itemReviews, listSignOffs } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { listId, type ListRef } from "./list";
import { listOfRow } from "./repository";

/**
 * The names of the lists signed off now, as each sign-off spells them: a few hundred names among a
 * year's 70,000 sign-offs, found by skipping from one name to the next along the standing
 * sign-offs' index (list_sign_offs_active_idx) rather than reading every sign-off.
 */
export async function standingSignOffNames(db: Executor): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    with recursive names(name) as (
      (select property_name from ${listSignOffs} where undone_at is null order by property_name limit 1)
      union all
      select (
        select property_name from ${listSignOffs}
        where undone_at is null and property_name > names.name
        order by property_name limit 1
      )
      from names where names.name is not null
    )
    select name from names where name is not null`);
  return rows.map((row) => row.name);
}

/**
 * Which of `lists` are signed off now, by listId. `names`: every name standing sign-offs spell
 * (`standingSignOffNames`), so each list's sign-offs are found by the name as written, whatever its
 * spelling, on that list's own days only: a shared name's lists of every stored day must not bring
 * in every other property's sign-offs of those days.
 */
export async function signedOffListIds(
  db: Executor,
  lists: readonly ListRef[],
  names: readonly string[],
): Promise<Set<string>> {
  const daysOf = new Map<string, Set<string>>();
  for (const list of lists) {
    const key = propertyKey(list.propertyName);
    daysOf.set(key, (daysOf.get(key) ?? new Set()).add(list.day));
  }
  // Each (name as spelled, day) asked for once, looked up in list_sign_offs_name_day_idx: a queue
  // with a year of a shared name's lists is a few thousand lookups, never every sign-off of the year.
  const pairs: { name: string; day: string }[] = [];
  for (const name of new Set(names)) {
    for (const day of daysOf.get(propertyKey(name)) ?? []) pairs.push({ name, day });
  }
  if (pairs.length === 0) return new Set();
  const { rows } = await db.execute<{
    property_name: string;
    property_time_zone: string | null;
    list_date: string;
  }>(sql`
    select s.property_name, s.property_time_zone, s.list_date
    from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as asked(name text, day text)
    join ${listSignOffs} s on s.property_name = asked.name and s.list_date = asked.day and s.undone_at is null`);
  return new Set(
    rows.map((row) =>
      listId(
        listOfRow({
          propertyName: row.property_name,
          propertyTimeZone: row.property_time_zone,
          listDate: row.list_date,
        }),
      ),
    ),
  );
}

/**
 * A condition, over an arrival's property name and local day, that holds when its list is signed off
 * now without a zone, as the sign-off spells the name: exact for a name no two properties share, whose
 * one list has no zone. `shared`: the spellings, among standing sign-offs, of names several
 * properties share (zoned by placement, which SQL cannot see); they are never left out here. Names
 * compare as spelled, not by `propertyKey` (SQL's lower() does not follow it outside ASCII): a list
 * spelled otherwise is simply not left out, and the queue's own check by listId still drops it.
 */
export function signedOffWithoutZone(shared: readonly string[]) {
  return (list: { propertyName: Column; day: Column }): SQL =>
    sql`exists (select 1 from ${listSignOffs} where ${and(
      isNull(listSignOffs.undoneAt),
      isNull(listSignOffs.propertyTimeZone),
      eq(listSignOffs.propertyName, list.propertyName),
      eq(listSignOffs.listDate, list.day),
      shared.length > 0 ? notInArray(listSignOffs.propertyName, [...shared]) : undefined,
    )})`;
}

/** The reviews standing on the given days, by item key: what each found and whether the police were called. */
export async function standingReviewOutcomes(
  db: Executor,
  days: readonly string[],
): Promise<Map<string, { outcome: MatchOutcome | null; policeContacted: boolean }>> {
  if (days.length === 0) return new Map();
  const rows = await db
    .select({
      itemKey: itemReviews.itemKey,
      outcome: itemReviews.outcome,
      policeContacted: itemReviews.policeContacted,
    })
    .from(itemReviews)
    .where(and(inArray(itemReviews.listDate, [...new Set(days)]), isNull(itemReviews.undoneAt)));
  return new Map(rows.map(({ itemKey, ...found }) => [itemKey, found]));
}
