/**
 * What the group-wide investigations (missed bans, repeat visitors) read of the stored guest
 * arrivals: the arrivals that share a document (stored_items.document_key, the keyed hash of the
 * document number, never the number), with every reading Daybook took of their ban. Read-only, and
 * kept with the rest of the history's queries, which own these tables.
 *
 * Each read finds a small set of keys first, then reads only those keys' arrivals through the hash
 * index on document_key:
 * - missed bans: the keys some arrival read banned, from the partial index stored_items_signals_idx
 *   (signals <> 0 and document_key not null) and the live observations;
 * - repeat visitors after a flag: the keys of flagged or matched arrivals, from the same index;
 * - three or more properties within a week: the keys of arrivals marked SIGNAL.spread when stored
 *   (the document at another property within days), from the same index, bounded by the window and
 *   SPREAD_KEYS_AT_MOST.
 *
 * Measured on PostgreSQL with 60 days of a 200-property group (1.2 million arrivals, 8 % with a
 * signal, 5 % sharing a document with another arrival) on two shared cores: missed bans 0.7 s,
 * flagged documents seen elsewhere within 30 days 1.3 s. Three properties in a week, grouping every
 * arrival of the window, took 1.5–1.9 s for 60 days and 9–12 s for a year (7.3 million arrivals);
 * from the marked documents, 0.6 s and 3.8–4.6 s, on a pessimistic group where 30,000 documents
 * qualify in a year and the list is cut at SPREAD_KEYS_AT_MOST. The others grow with the flagged and
 * banned arrivals.
 *
 * A restricted arrival (a privacy request) is neither shown nor used as evidence; an erased or
 * purged arrival is gone from stored_items, and a policy that does not keep the document leaves
 * document_key null: either way nothing links it.
 */
import { sql, type SQL } from "drizzle-orm";

import { addDays } from "@/lib/core/days";
import { FOLLOWED_SIGNALS, SIGNAL } from "@/lib/core/match-outcomes";
import { liveObservations, storedCoverage, storedItems, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import type { BanReading, StayRef } from "./screening";

export type { BanReading, StayRef };

/** A stored guest arrival whose document is kept, with what Daybook read of its ban. */
export interface LinkedArrival {
  ref: StayRef;
  /** The keyed hash of the document number: it links arrivals, and never leaves the server. */
  documentKey: string;
  propertyName: string;
  propertyTimeZone: string;
  /** The property's local check-in day (the stored day). */
  day: string;
  checkInAtUtc: string;
  /** How the desk took the guest in ("scan", "scan manual entry", "manual entry", as the API sends it). */
  source: string | null;
  /** null: no screening record, which is not "screened". */
  matchedBanAtCheckIn: boolean | null;
  /** SIGNAL bits (lib/core/match-outcomes). */
  signals: number;
  /** isCurrentlyBanned as pulled with the day, at the pull of the arrival's property day. */
  pulled: BanReading;
  /** Each later change of isCurrentlyBanned, oldest first. */
  observations: BanReading[];
}

/** The most documents the three-properties rule reads in one window: past it, the screen says the list is cut. */
export const SPREAD_KEYS_AT_MOST = 5_000;

/** A property as stored, for counting places loosely in SQL (the rules tell them apart exactly). */
const PLACE = sql`i.property_name || '|' || i.property_time_zone`;

const BANNED_READ = SIGNAL.banMatched | SIGNAL.bannedWhenPulled;

/** A stored day (text, YYYY-MM-DD) `days` days later, in SQL, as text again. */
const plusDays = (column: SQL, days: number) =>
  sql`to_char(${column}::date + ${sql.raw(String(Math.trunc(days)))}, 'YYYY-MM-DD')`;

/** Bits of stored_items.signals, written into the statement (a bound value would leave its type to guess). */
const bits = (mask: number) => sql.raw(String(mask));

/**
 * Every column a read returns, of the arrivals of the documents `keys` names (a relation of the
 * statement's `with` clauses, one row per document_key) that `where` keeps (stored_items aliased
 * i): the pull time of the arrival's property day and its later readings. A join, never
 * `document_key = any(array)`: a hash index's matches are all checked again on the row, and
 * against an array that is a scan of the whole array per row (quadratic in the documents).
 */
function arrivalRows(keys: string, where: SQL): SQL {
  return sql`
    select i.report_id, i.position, i.document_key, i.property_name, i.property_time_zone,
      i.check_in_date_local, i.check_in_at_utc, i.source, i.matched_ban_at_check_in,
      coalesce(i.banned_when_pulled, false) as banned_when_pulled, i.signals,
      coalesce(c.pulled_at, r.pulled_at) as pulled_at,
      (select json_agg(json_build_array(o.observed_at, o.is_currently_banned) order by o.observed_at)
        from ${liveObservations} o where o.report_id = i.report_id and o.position = i.position) as observations
    from ${sql.raw(keys)} k
    join ${storedItems} i on i.document_key = k.document_key
    join ${storedReports} r on r.id = i.report_id
    left join ${storedCoverage} c on c.report_id = i.report_id and c.property_name = i.property_name
    where ${where}
    order by i.document_key, i.check_in_at_utc, i.report_id, i.position`;
}

interface Row {
  report_id: number | string;
  position: number;
  document_key: string;
  property_name: string;
  property_time_zone: string;
  check_in_date_local: string;
  check_in_at_utc: string;
  source: string | null;
  matched_ban_at_check_in: boolean | null;
  banned_when_pulled: boolean;
  signals: number;
  pulled_at: Date | string;
  observations: [string, boolean][] | string | null;
}

function toArrival(row: Row): LinkedArrival {
  const observations = typeof row.observations === "string" ? JSON.parse(row.observations) : row.observations;
  return {
    ref: { reportId: Number(row.report_id), position: Number(row.position) },
    documentKey: row.document_key,
    propertyName: row.property_name,
    propertyTimeZone: row.property_time_zone,
    day: row.check_in_date_local,
    checkInAtUtc: row.check_in_at_utc,
    source: row.source,
    matchedBanAtCheckIn: row.matched_ban_at_check_in,
    signals: Number(row.signals),
    pulled: { at: new Date(row.pulled_at), value: row.banned_when_pulled === true },
    observations: ((observations ?? []) as [string, boolean][]).map(([at, value]) => ({ at: new Date(at), value })),
  };
}

/** The guest arrivals a linkage may use: kept document, not restricted, a guest (criminal arrivals carry no zone). */
const LINKABLE = sql`i.document_key is not null and i.restricted_by is null and i.property_time_zone is not null`;

/**
 * The arrivals that can make or prove a missed ban in the stored days [from, to]: every arrival up
 * to `to` of each document that has, in the window, an arrival not matched against a ban at
 * check-in and, elsewhere in its history, another arrival that read banned (matched at check-in,
 * banned when pulled, or a later reading) no more than two local days after it (zones differ by
 * up to 26 hours): a reading later than that comes after the check-in and cannot be evidence. The
 * rule itself (lib/features/investigations/missed-bans.ts) decides on the instants.
 */
export async function readMissedBanArrivals(
  db: Executor,
  { from, to }: { from: string; to: string },
): Promise<LinkedArrival[]> {
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    with banned_keys as (
      -- From the signals index: only arrivals with a signal and a kept document, a few percent of them.
      select document_key from ${storedItems}
      where signals <> 0 and document_key is not null and signals & ${bits(BANNED_READ)} <> 0 and check_in_date_local <= ${to}
      union
      select s.document_key from ${liveObservations} o
      join ${storedItems} s on s.report_id = o.report_id and s.position = o.position
      where o.is_currently_banned and s.document_key is not null and s.check_in_date_local <= ${to}
    ),
    keyed as materialized (
      -- Those keys' arrivals, by the hash index on document_key.
      select i.report_id, i.position, i.document_key, i.check_in_date_local as day, i.matched_ban_at_check_in, i.signals
      from banned_keys b join ${storedItems} i on i.document_key = b.document_key
      where i.check_in_date_local <= ${to} and ${LINKABLE}
    ),
    wanted as (
      select distinct x.document_key from keyed x
      join keyed y on y.document_key = x.document_key and (y.report_id, y.position) <> (x.report_id, x.position)
      where x.day between ${from} and ${to} and x.matched_ban_at_check_in is not true
        and y.day <= ${plusDays(sql`x.day`, 2)}
        and (y.signals & ${bits(BANNED_READ)} <> 0 or exists (
          select 1 from ${liveObservations} o
          where o.report_id = y.report_id and o.position = y.position and o.is_currently_banned))
    )
    ${arrivalRows("wanted", sql`i.check_in_date_local <= ${to} and ${LINKABLE}`)}`);
  return rows.map(toArrival);
}

/**
 * The arrivals of [from - days, to] of each document that a flagged or matched arrival of those
 * days carries (FOLLOWED_SIGNALS, from the signals index) and that arrived at two properties or
 * more in them (name and zone as stored: told apart exactly by the rule,
 * lib/features/investigations/repeat-visitors.ts).
 */
export async function readFollowedArrivals(
  db: Executor,
  { from, to, days }: { from: string; to: string; days: number },
): Promise<LinkedArrival[]> {
  const since = addDays(from, -days);
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    with followed as (
      select distinct document_key from ${storedItems}
      where signals <> 0 and document_key is not null and signals & ${bits(FOLLOWED_SIGNALS)} <> 0
        and check_in_date_local between ${since} and ${to}
    ),
    linked as (
      select i.document_key from followed f join ${storedItems} i on i.document_key = f.document_key
      where i.check_in_date_local between ${since} and ${to} and ${LINKABLE}
      group by i.document_key
      having min(${PLACE}) <> max(${PLACE})
    )
    ${arrivalRows("linked", sql`i.check_in_date_local between ${since} and ${to} and ${LINKABLE}`)}`);
  return rows.map(toArrival);
}

/**
 * The arrivals of [from - days, to] of each document that arrived at `properties` properties or
 * more in those days, whatever its signals: a group-by over the arrivals of the documents marked
 * SIGNAL.spread in those days (a superset: the mark is two properties within SPREAD_MARK_DAYS, which `days`
 * must not exceed). Bounded by the days and by SPREAD_KEYS_AT_MOST documents, the newest first; `cut` says
 * whether more were left out. Counted loosely here (three arrivals, two places as stored), exactly
 * by the rule: a sum and two extremes keep the aggregate in memory, where counting distinct places
 * sorts every arrival of the days.
 */
export async function readSpreadArrivals(
  db: Executor,
  { from, to, days, properties }: { from: string; to: string; days: number; properties: number },
): Promise<{ arrivals: LinkedArrival[]; cut: boolean }> {
  const since = addDays(from, -days);
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    with candidates as (
      -- From the signals index: the documents some arrival of the days met at another property.
      select distinct document_key from ${storedItems}
      where signals <> 0 and document_key is not null and signals & ${bits(SIGNAL.spread)} <> 0
        and check_in_date_local between ${since} and ${to}
    ),
    spread as (
      select i.document_key from ${storedItems} i
      where i.document_key in (select document_key from candidates)
        and i.check_in_date_local between ${since} and ${to} and ${LINKABLE}
      group by i.document_key
      having count(*) >= ${properties} and min(${PLACE}) <> max(${PLACE})
      order by max(i.check_in_at_utc) desc
      limit ${SPREAD_KEYS_AT_MOST + 1}
    )
    ${arrivalRows("spread", sql`i.check_in_date_local between ${since} and ${to} and ${LINKABLE}`)}`);
  const arrivals = rows.map(toArrival);
  const keys = [...new Set(arrivals.map((arrival) => arrival.documentKey))];
  if (keys.length <= SPREAD_KEYS_AT_MOST) return { arrivals, cut: false };
  // The statement's order is by key: which one is the extra is decided by the newest arrival.
  const newest = new Map<string, string>();
  for (const arrival of arrivals)
    if ((newest.get(arrival.documentKey) ?? "") < arrival.checkInAtUtc)
      newest.set(arrival.documentKey, arrival.checkInAtUtc);
  const dropped = keys.sort((a, b) => newest.get(a)!.localeCompare(newest.get(b)!))[0]!;
  return { arrivals: arrivals.filter((arrival) => arrival.documentKey !== dropped), cut: true };
}

/**
 * The stored guest days of [from, to], and how many of them retention emptied of guest data, for
 * every property or some (a policy of its own): no linkage is left there.
 */
export async function readLinkageDays(
  db: Executor,
  { from, to }: { from: string; to: string },
): Promise<{ stored: number; purged: number }> {
  const { rows } = await db.execute<{ stored: number | string; purged: number | string }>(sql`
    select count(*) as stored,
      count(*) filter (where r.items_purged_at is not null or exists (
        select 1 from ${storedCoverage} c where c.report_id = r.id and c.items_purged_at is not null)) as purged
    from ${storedReports} r where r.endpoint = 'guests' and r.reported_date between ${from} and ${to}`);
  return { stored: Number(rows[0]?.stored ?? 0), purged: Number(rows[0]?.purged ?? 0) };
}
