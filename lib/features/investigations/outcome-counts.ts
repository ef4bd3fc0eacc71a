/**
 * The match outcomes as the database counts them: standing reviews (not undone) of a window of
 * list days, summed by property, scan source, month and match, never read one by one. A year of a
 * 200-property group is some 250,000 reviews and a few thousand groups. Reviews keep what the
 * rates need (outcome, match, source, property), so the counts outlive the days' guest data.
 */
import { inArray, sql } from "drizzle-orm";

import { itemReviews } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/** The outcomes of some reviews, by outcome. */
export interface OutcomeTally {
  confirmed: number;
  falseMatches: number;
  outdated: number;
  unverified: number;
}

export const NO_OUTCOMES: OutcomeTally = { confirmed: 0, falseMatches: 0, outdated: 0, unverified: 0 };

/** The breakdowns the database sums each property's reviews by. */
export type OutcomeDimension = "source" | "month" | "match";

/** One group of reviews of one property: its outcomes, with those that recorded none apart. */
export interface OutcomeGroup extends OutcomeTally {
  dimension: OutcomeDimension;
  propertyName: string;
  /** Set only where several properties share the name. */
  zone: string | null;
  /** The arrival's scan source as the API sent it; null where the review did not keep it. */
  source: string | null;
  /** YYYY-MM of the list's local day. */
  month: string | null;
  criminalRecord: boolean | null;
  sexOffender: boolean | null;
  /** Reviews made before outcomes were asked: counted, never as an outcome. */
  noOutcome: number;
  /** Outcomes with the police contacted. */
  policeContacted: number;
}

type GroupRow = {
  dimension: OutcomeDimension;
  property_name: string;
  property_time_zone: string | null;
  source: string | null;
  month: string | null;
  criminal: string | null;
  sex_offender: string | null;
  confirmed: number;
  false_match: number;
  outdated: number;
  unverified: number;
  no_outcome: number;
  police: number;
};

/** A match as the grouping key spells it: t, f, or n where the review kept none. */
const kept = (code: string | null): boolean | null => (code === "t" ? true : code === "f" ? false : null);

const propertyIn = (names: readonly string[] | undefined) =>
  names === undefined ? sql`` : sql`and ${inArray(itemReviews.propertyName, [...names])}`;

/**
 * The reviews of list days [from, to], summed per property by scan source, by month and by match
 * (one grouping of each, in one pass over the window). `names`: only these property names, as the
 * reviews spell them; every property when not given.
 */
export async function readOutcomeGroups(
  db: Executor,
  { from, to, names }: { from: string; to: string; names?: readonly string[] },
): Promise<OutcomeGroup[]> {
  if (names?.length === 0) return [];
  // One pass over the window's reviews, hashed on a short key of the month, the match and the source
  // (a key of six columns makes PostgreSQL sort a year's reviews instead, several times slower);
  // then the few thousand groups are summed three ways. The key is fixed-width up to the source:
  // month (7), criminal record (t, f, or n for not kept), sex offender (the same), then "+source",
  // or "-" where the review kept none.
  const { rows } = await db.execute<GroupRow>(sql`
    with fine as (
      select property_name, property_time_zone,
        substr(list_date, 1, 7)
          || (case has_criminal_record when true then 't' when false then 'f' else 'n' end)
          || (case is_sex_offender when true then 't' when false then 'f' else 'n' end)
          || coalesce('+' || source, '-') as k,
        count(*) filter (where outcome = 'confirmed') as confirmed,
        count(*) filter (where outcome = 'false_match') as false_match,
        count(*) filter (where outcome = 'outdated') as outdated,
        count(*) filter (where outcome = 'unverified') as unverified,
        count(*) filter (where outcome is null) as no_outcome,
        count(*) filter (where outcome is not null and police_contacted) as police
      from ${itemReviews}
      where undone_at is null and list_date between ${from} and ${to} ${propertyIn(names)}
      group by 1, 2, 3
    )
    select
      case when grouping(substr(k, 10)) = 0 then 'source' when grouping(substr(k, 1, 7)) = 0 then 'month' else 'match' end
        as dimension,
      property_name, property_time_zone,
      substr(k, 10) as source, substr(k, 1, 7) as month, substr(k, 8, 1) as criminal, substr(k, 9, 1) as sex_offender,
      sum(confirmed)::int as confirmed, sum(false_match)::int as false_match, sum(outdated)::int as outdated,
      sum(unverified)::int as unverified, sum(no_outcome)::int as no_outcome, sum(police)::int as police
    from fine
    group by grouping sets (
      (property_name, property_time_zone, substr(k, 10)),
      (property_name, property_time_zone, substr(k, 1, 7)),
      (property_name, property_time_zone, substr(k, 8, 1), substr(k, 9, 1))
    )`);
  return rows.map((row) => ({
    dimension: row.dimension,
    propertyName: row.property_name,
    zone: row.property_time_zone,
    source: row.dimension === "source" && row.source?.startsWith("+") ? row.source.slice(1) : null,
    month: row.dimension === "month" ? row.month : null,
    criminalRecord: row.dimension === "match" ? kept(row.criminal) : null,
    sexOffender: row.dimension === "match" ? kept(row.sex_offender) : null,
    confirmed: row.confirmed,
    falseMatches: row.false_match,
    outdated: row.outdated,
    unverified: row.unverified,
    noOutcome: row.no_outcome,
    policeContacted: row.police,
  }));
}

/**
 * One property's outcomes over list days [from, to]: reviews of the names given (its spellings),
 * and of `zone` where one is given.
 */
export async function readPropertyOutcomes(
  db: Executor,
  { names, zone, from, to }: { names: readonly string[]; zone: string | null; from: string; to: string },
): Promise<OutcomeTally> {
  const { rows } = await db.execute<{ outcome: string; count: number }>(sql`
    select outcome, count(*)::int as count
    from ${itemReviews}
    where undone_at is null and outcome is not null and list_date between ${from} and ${to} ${propertyIn(names)}
      ${zone === null ? sql`` : sql`and property_time_zone = ${zone}`}
    group by outcome`);
  const count = (outcome: string) => rows.find((row) => row.outcome === outcome)?.count ?? 0;
  return {
    confirmed: count("confirmed"),
    falseMatches: count("false_match"),
    outdated: count("outdated"),
    unverified: count("unverified"),
  };
}

/**
 * Every spelling of a property name reviews were kept under, each once: a few hundred names among a
 * year's reviews, found by skipping from one name to the next along item_reviews_list_idx rather
 * than reading every review. Names compare by propertyKey, which SQL's lower() does not follow
 * outside ASCII, so callers match these spellings themselves.
 */
export async function reviewedPropertyNames(db: Executor): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    with recursive names(name) as (
      (select property_name from ${itemReviews} order by property_name limit 1)
      union all
      select (select property_name from ${itemReviews} where property_name > names.name order by property_name limit 1)
      from names where names.name is not null
    )
    select name from names where name is not null`);
  return rows.map((row) => row.name);
}
