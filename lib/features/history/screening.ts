/**
 * What the insights read of the stored guest arrivals (lib/features/insights): each arrival's ban
 * readings, the screening and manual-entry counts per property day, and which days retention
 * purged. Read-only, and kept with the rest of the history's queries, which own these tables.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";

import { liveObservations, storedCoverage, storedDayCounts, storedItems, storedReports } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { itemText } from "./item-codec";

/** One reading of `isCurrentlyBanned`: as pulled with the day, or a later change. */
export interface BanReading {
  at: Date;
  value: boolean;
}

/** A stored arrival by its place in stored_items. */
export interface StayRef {
  reportId: number;
  position: number;
}

/** A stored guest arrival with every reading Daybook took of its ban. */
export interface StayReadings {
  propertyName: string;
  propertyTimeZone: string;
  /** The stored day of the stay (the property's local check-in day). */
  day: string;
  checkInAtUtc: string;
  /** Which stored arrival it is, to read its name for the few shown (`readStayNames`). */
  ref: StayRef;
  matchedBanAtCheckIn: boolean | null;
  /** The value the day was stored with, at the time its property's day was pulled. */
  pulled: BanReading;
  /** Each later change, in any order. */
  observations: readonly BanReading[];
}

/** What Daybook stored of one property's arrivals on one day. */
export interface PropertyDayCounts {
  day: string;
  propertyName: string;
  /** The zone its arrivals named; null when the day had none. */
  propertyTimeZone: string | null;
  arrivals: number;
  /** Arrivals with matchedBanAtCheckIn null. */
  unscreened: number;
  /** Arrivals whose source is not "scan". */
  manual: number;
}

/**
 * Every stored guest arrival that was not matched against a ban at check-in and that has either been
 * stored banned or had its ban reading change since: the only ones the rule can list. With `since`,
 * only those with a reading after it (the Overview's count need not read every stored day).
 */
export async function readBanCandidates(db: Executor, since?: Date): Promise<StayReadings[]> {
  const recent =
    since === undefined
      ? sql``
      : sql`and (c.pulled_at > ${since.toISOString()}::timestamptz or exists (select 1 from ${liveObservations} o where o.report_id = i.report_id and o.position = i.position and o.observed_at > ${since.toISOString()}::timestamptz))`;
  // The arrivals stored banned come from their partial index alone (it holds every column read
  // here), the few with a later reading by the primary key: never every arrival of every stored day,
  // and no arrival's item, whose names are read only for the page shown (readStayNames).
  const columns = sql`report_id, position, property_name, check_in_date_local, check_in_at_utc, property_time_zone, matched_ban_at_check_in, restricted_by`;
  const { rows: raw } = await db.execute<{
    report_id: number | string;
    position: number;
    property_name: string;
    check_in_date_local: string;
    check_in_at_utc: string;
    property_time_zone: string | null;
    matched_ban_at_check_in: boolean | null;
    banned_when_pulled: boolean | null;
    pulled_at: Date | string;
  }>(sql`
    select i.report_id, i.position, i.property_name, i.check_in_date_local, i.check_in_at_utc,
      i.property_time_zone, i.matched_ban_at_check_in, i.banned_when_pulled, c.pulled_at
    from (
      select ${columns}, true as banned_when_pulled from ${storedItems}
      where banned_when_pulled and matched_ban_at_check_in is not true
      union
      select ${sql.join(
        [
          "report_id",
          "position",
          "property_name",
          "check_in_date_local",
          "check_in_at_utc",
          "property_time_zone",
          "matched_ban_at_check_in",
          "restricted_by",
          "banned_when_pulled",
        ].map((column) => sql.raw(`s.${column}`)),
        sql`, `,
      )}
      from ${liveObservations} o join ${storedItems} s on s.report_id = o.report_id and s.position = o.position
      where s.matched_ban_at_check_in is not true
    ) i
    join ${storedReports} r on r.id = i.report_id
    join ${storedCoverage} c on c.report_id = i.report_id and c.property_name = i.property_name
    -- A guest a privacy request restricted is shown nowhere, this list of whom to tell included.
    where r.endpoint = 'guests' and i.restricted_by is null ${recent}`);
  const rows = raw.map((row) => ({
    reportId: Number(row.report_id),
    position: Number(row.position),
    propertyName: row.property_name,
    day: row.check_in_date_local,
    checkInAtUtc: row.check_in_at_utc,
    propertyTimeZone: row.property_time_zone,
    matched: row.matched_ban_at_check_in,
    banned: row.banned_when_pulled,
    pulledAt: new Date(row.pulled_at),
  }));
  if (rows.length === 0) return [];
  const observations = await db
    .select({
      reportId: liveObservations.reportId,
      position: liveObservations.position,
      at: liveObservations.observedAt,
      value: liveObservations.isCurrentlyBanned,
    })
    .from(liveObservations)
    .where(inArray(liveObservations.reportId, [...new Set(rows.map((row) => row.reportId))]));
  const byItem = new Map<string, { at: Date; value: boolean }[]>();
  for (const observation of observations) {
    const key = `${observation.reportId}:${observation.position}`;
    byItem.set(key, [...(byItem.get(key) ?? []), { at: observation.at, value: observation.value }]);
  }
  return rows.map((row) => ({
    propertyName: row.propertyName,
    propertyTimeZone: row.propertyTimeZone ?? "",
    day: row.day,
    checkInAtUtc: row.checkInAtUtc,
    ref: { reportId: row.reportId, position: row.position },
    matchedBanAtCheckIn: row.matched,
    pulled: { at: row.pulledAt, value: row.banned === true },
    observations: byItem.get(`${row.reportId}:${row.position}`) ?? [],
  }));
}

/** The names of these stored arrivals (a page of a list), by `reportId:position`. */
export async function readStayNames(
  db: Executor,
  refs: readonly StayRef[],
): Promise<Map<string, { firstName: string | null; middleName: string | null; lastName: string | null }>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({
      reportId: storedItems.reportId,
      position: storedItems.position,
      firstName: itemText("firstName"),
      middleName: itemText("middleName"),
      lastName: itemText("lastName"),
    })
    .from(storedItems)
    .where(
      sql`(${storedItems.reportId}, ${storedItems.position}) in (${sql.join(
        refs.map((ref) => sql`(${ref.reportId}, ${ref.position})`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map(({ reportId, position, ...name }) => [`${reportId}:${position}`, name]));
}

/** Stored guest days whose personal data the retention purge removed, oldest first. */
export async function readPurgedGuestDays(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ day: storedReports.reportedDate })
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, "guests"), isNotNull(storedReports.itemsPurgedAt)))
    .orderBy(storedReports.reportedDate);
  return rows.map((row) => row.day);
}

/**
 * Per stored guest day in [from, to] and property (and zone, which tells apart properties sharing
 * a name): arrivals, those without a screening record, those typed in by staff. Counted in the
 * database, so a long range never loads its arrivals.
 */
export async function readCoverageCounts(
  db: Executor,
  from: string,
  to: string,
  /** Only these property names (as the arrivals spell them); every property when not given. */
  names?: readonly string[],
): Promise<PropertyDayCounts[]> {
  if (names?.length === 0) return [];
  // Counted once when each day was stored (and recounted when its arrivals changed): a year reads
  // a row per property day, never its arrivals. The range's reports are found first and each one's
  // counts read by its key, as one JSON array a day: a year's 72,000 counts read as rows cost more
  // in the driver's parsing than in the database.
  const { rows } = await db.execute<{ day: string; counts: [string, string, number, number, number][] | null }>(sql`
    select r.reported_date as day,
      (select json_agg(json_build_array(d.property_name, d.property_time_zone, d.arrivals, d.unscreened, d.manual))
        from ${storedDayCounts} d
        where d.report_id = r.id
          ${names === undefined ? sql`` : sql`and ${inArray(sql`d.property_name`, [...names])}`}) as counts
    from ${storedReports} r
    where r.endpoint = 'guests' and r.reported_date between ${from} and ${to}`);
  return rows.flatMap(({ day, counts }) =>
    (counts ?? []).map(([propertyName, zone, arrivals, unscreened, manual]) => ({
      day,
      propertyName,
      propertyTimeZone: zone || null,
      arrivals,
      unscreened,
      manual,
    })),
  );
}

/** The property days of [from, to] stored for guests, with whether their guest data was purged. */
export async function readStoredGuestParts(
  db: Executor,
  from: string,
  to: string,
): Promise<{ day: string; propertyName: string; purged: boolean }[]> {
  // A part is purged when its day is, or on its own at its policy's retention. One JSON array a
  // day (name, purged), as the day counts are read: a year is 73,000 parts.
  const { rows } = await db.execute<{ day: string; parts: [string, boolean][] | null }>(sql`
    select r.reported_date as day,
      (select json_agg(json_build_array(c.property_name, r.items_purged_at is not null or c.items_purged_at is not null))
        from ${storedCoverage} c where c.report_id = r.id) as parts
    from ${storedReports} r
    where r.endpoint = 'guests' and r.reported_date between ${from} and ${to}`);
  return rows.flatMap(({ day, parts }) =>
    (parts ?? []).map(([propertyName, purged]) => ({ day, propertyName, purged })),
  );
}

/** The newest stored guests day, if any. */
export async function readNewestGuestDay(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${storedReports.reportedDate})` })
    .from(storedReports)
    .where(eq(storedReports.endpoint, "guests"));
  return row?.day ?? null;
}
