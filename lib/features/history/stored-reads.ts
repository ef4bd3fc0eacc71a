/**
 * Reading stored reports back: a day in the API's own shape, parsed with the contract's schemas (a
 * stored row that does not match fails loudly), the usage of a range of days, and what other
 * reads need of the stored arrivals (a field, the criminal arrivals' lists) without whole days.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";

import { crossReportKey } from "@/lib/core/property-names";
import {
  liveObservations,
  storedCoverage,
  storedItems,
  storedReports,
  type StoredEndpoint,
} from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import { usageReportSchema, type UsageReport } from "@/lib/server/partner-api/schemas";

import { decodeItem, itemText } from "./item-codec";
import {
  keptCriminalArrivalsReportSchema as criminalArrivalsReportSchema,
  keptGuestsReportSchema as guestsReportSchema,
  type ReportOf,
} from "./kept";
import { readKnownProperties } from "./known-properties";
import { copyOf } from "./stored-days";
import type { StoredCopy, StoredCoverage } from "./types";

/** What a stored report is parsed with when it is read back: the contract's schema of its endpoint. */
const REPORT_SCHEMAS: { [E in StoredEndpoint]: { parse(value: unknown): ReportOf<E> } } = {
  usage: usageReportSchema,
  guests: guestsReportSchema,
  "criminal-arrivals": criminalArrivalsReportSchema,
};

/** The items of one stored report in the API's order, as kept: the caller parses them. */
async function keptItems(db: Executor, reportId: number) {
  const rows = await db
    .select({ position: storedItems.position, item: storedItems.item })
    .from(storedItems)
    .where(eq(storedItems.reportId, reportId))
    .orderBy(asc(storedItems.position));
  return rows.map(({ position, item }) => ({ position, item: decodeItem(item) }));
}

/** Each stored guest arrival, as kept, with its latest isCurrentlyBanned (the last observation, else as first pulled). */
export async function currentGuestItems(db: Executor, reportId: number) {
  const rows = await keptItems(db, reportId);
  const latest = await latestObservations(db, reportId);
  return rows.map(({ position, item }) => {
    const observed = latest.get(position);
    return { position, item: observed === undefined ? item : { ...item, isCurrentlyBanned: observed } };
  });
}

async function latestObservations(db: Executor, reportId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectDistinctOn([liveObservations.position], {
      position: liveObservations.position,
      value: liveObservations.isCurrentlyBanned,
    })
    .from(liveObservations)
    .where(eq(liveObservations.reportId, reportId))
    .orderBy(liveObservations.position, desc(liveObservations.observedAt));
  return new Map(rows.map((row) => [row.position, row.value]));
}

/** Which of the key's properties a stored day covers, and which it does not (yet). */
async function coverageOf(db: Executor, reportId: number): Promise<StoredCoverage> {
  const [covered, known] = await Promise.all([
    db.select({ name: storedCoverage.propertyName }).from(storedCoverage).where(eq(storedCoverage.reportId, reportId)),
    readKnownProperties(db),
  ]);
  const names = new Set(covered.map((row) => row.name));
  return {
    covered: [...names].sort(),
    missing: known
      .map((property) => property.name)
      .filter((name) => !names.has(name))
      .sort(),
  };
}

/** One stored day in the API's shape, or null when that day was never pulled. */
export async function readStoredReport<E extends StoredEndpoint>(
  db: Executor,
  endpoint: E,
  reportedDate: string,
): Promise<{ report: ReportOf<E>; copy: StoredCopy } | null> {
  const [row] = await db
    .select()
    .from(storedReports)
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, reportedDate)));
  if (!row) return null;
  const schema = REPORT_SCHEMAS[endpoint];
  const copy = { ...copyOf(row), coverage: await coverageOf(db, row.id) };
  if (endpoint === "usage") return { report: schema.parse(row.report), copy };

  const hidden = await restrictedPositions(db, row.id);
  const items = (endpoint === "guests" ? await currentGuestItems(db, row.id) : await keptItems(db, row.id))
    .filter(({ position }) => !hidden.has(position))
    .map(({ item }) => item);
  return { report: schema.parse({ ...row.report, totalCount: items.length, items }), copy };
}

/**
 * The items of a stored report a privacy request restricted: kept (and counted in the day's
 * figures), but left out of every read that serves a screen, an export, a record or a mail.
 */
async function restrictedPositions(db: Executor, reportId: number): Promise<Set<number>> {
  const rows = await db
    .select({ position: storedItems.position })
    .from(storedItems)
    .where(and(eq(storedItems.reportId, reportId), isNotNull(storedItems.restrictedBy)));
  return new Set(rows.map((row) => row.position));
}

/** An item no privacy request restricted: what every read for a screen, export, record or mail keeps to. */
const notRestricted = isNull(storedItems.restrictedBy);

/** Stored usage reports whose day lies in [from, to], oldest first (trends, baselines). */
export async function readStoredUsage(
  db: Executor,
  from: string,
  to: string,
): Promise<{ report: UsageReport; copy: StoredCopy }[]> {
  const rows = await db
    .select()
    .from(storedReports)
    .where(
      and(
        eq(storedReports.endpoint, "usage"),
        gte(storedReports.reportedDate, from),
        lte(storedReports.reportedDate, to),
      ),
    )
    .orderBy(asc(storedReports.reportedDate));
  // Checked with the schema when it was pulled, and kept as that check returned it: a year of them
  // (73,000 property rows) checked again took longer than reading them. A row that is not a usage
  // report at all still fails here, plainly.
  return rows.map((row) => ({ report: storedUsage(row.report), copy: copyOf(row) }));
}

function storedUsage(report: unknown): UsageReport {
  const candidate = report as Partial<UsageReport> | null;
  if (typeof candidate?.reportedDateLocal !== "string" || !Array.isArray(candidate.byProperty)) {
    return usageReportSchema.parse(report);
  }
  return candidate as UsageReport;
}

/** An item's part of its day: when its property's day was pulled. */
const partOf = storedCoverage;
const partOfItem = and(
  eq(storedCoverage.reportId, storedItems.reportId),
  eq(storedCoverage.propertyName, storedItems.propertyName),
);

/**
 * The zones of the stored guest arrivals that are these arrivals (by `crossReportKey`): criminal
 * arrivals carry no zone, and the same guest's arrival in the guests report of the day names it.
 */
export function readStoredArrivalZones(
  db: Executor,
  arrivals: readonly { propertyName: string; checkInDateLocal: string; checkInAtUtc: string }[],
): Promise<Map<string, string>> {
  return readStoredGuestField(db, arrivals, "propertyTimeZone");
}

/**
 * One field of the stored guest arrivals that are these arrivals (by `crossReportKey`), by that key:
 * what a criminal arrival lacks and the same guest's arrival of the day holds (its zone, its
 * identification number). Only the arrivals asked for are read (their property, day and check-in
 * instant), not whole days.
 */
export async function readStoredGuestField(
  db: Executor,
  arrivals: readonly { propertyName: string; checkInDateLocal: string; checkInAtUtc: string }[],
  field: "propertyTimeZone" | "identificationNumber",
): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  if (arrivals.length === 0) return values;
  // Each (property, day, instant) once, looked up in stored_items_list_idx: a year of a shared
  // name's arrivals is a few thousand exact lookups, never every arrival of those days.
  const wanted = new Map(
    arrivals.map((arrival) => [
      JSON.stringify([arrival.propertyName, arrival.checkInDateLocal, arrival.checkInAtUtc]),
      arrival,
    ]),
  );
  const list = [...wanted.values()];
  const { rows } = await db.execute<{
    property_name: string;
    check_in_at_utc: string;
    first_name: string;
    last_name: string;
    value: string | null;
  }>(sql`
    select distinct ${storedItems.propertyName}, ${storedItems.checkInAtUtc}, ${itemText("firstName")} as first_name,
      ${itemText("lastName")} as last_name, ${itemText(field)} as value
    from jsonb_to_recordset(${JSON.stringify(
      list.map((arrival) => ({ p: arrival.propertyName, d: arrival.checkInDateLocal, a: arrival.checkInAtUtc })),
    )}::jsonb) as asked(p text, d text, a text)
    join ${storedItems} on ${storedItems.propertyName} = asked.p
      and ${storedItems.checkInDateLocal} = asked.d and ${storedItems.checkInAtUtc} = asked.a
    join ${storedReports} on ${storedReports.id} = ${storedItems.reportId}
    where ${storedReports.endpoint} = 'guests' and ${notRestricted}`);
  for (const row of rows)
    if (row.value)
      values.set(
        crossReportKey({
          propertyName: row.property_name,
          checkInAtUtc: row.check_in_at_utc,
          firstName: row.first_name,
          lastName: row.last_name,
        }),
        row.value,
      );
  return values;
}

/** An arrival's list as a condition over stored_items can name it: its property and local day. */
export interface StoredListColumns {
  propertyName: typeof storedItems.propertyName;
  day: typeof storedItems.checkInDateLocal;
}

/** One property's criminal arrivals of one local day, the property as the arrivals spell it. */
export interface StoredList {
  propertyName: string;
  day: string;
}

/**
 * Every property and local day that stored criminal arrivals name, but those `leaveOut` holds for
 * (a condition over the two: the review queue's lists already signed off). Read from the criminal
 * arrivals' own index (the only items without a zone), never from the arrivals: a year's lists
 * cost a small index, not a year of personal data. Items a privacy request restricted are among
 * them: a read of the lists' arrivals leaves those out.
 */
export async function readStoredCriminalLists(
  db: Executor,
  leaveOut?: (list: StoredListColumns) => SQL | undefined,
): Promise<StoredList[]> {
  const skipped = leaveOut?.({ propertyName: storedItems.propertyName, day: storedItems.checkInDateLocal });
  return db
    .selectDistinct({ propertyName: storedItems.propertyName, day: storedItems.checkInDateLocal })
    .from(storedItems)
    .where(and(isNull(storedItems.propertyTimeZone), skipped ? not(skipped) : undefined));
}

/**
 * The arrivals of `lists` as one condition: the lists' names grouped by the days asked for each, so
 * a run of recent days is one or a few index look-ups rather than one per list. On the criminal
 * arrivals' index (items without a zone).
 */
function ofLists(lists: readonly StoredList[]): SQL | undefined {
  const daysOf = new Map<string, Set<string>>();
  for (const list of lists) daysOf.set(list.propertyName, (daysOf.get(list.propertyName) ?? new Set()).add(list.day));
  const groups = new Map<string, { names: string[]; days: string[] }>();
  for (const [name, days] of daysOf) {
    const sorted = [...days].sort();
    const group = groups.get(sorted.join()) ?? { names: [], days: sorted };
    group.names.push(name);
    groups.set(sorted.join(), group);
  }
  return and(
    isNull(storedItems.propertyTimeZone),
    or(
      ...[...groups.values()].map((group) =>
        and(inArray(storedItems.propertyName, group.names), inArray(storedItems.checkInDateLocal, group.days)),
      ),
    ),
  );
}

/**
 * The stored criminal arrivals whose guest data is still kept, of `lists` only (every one when not
 * given), lean: only what the review queue counts (where and when, the name its review key is made
 * of, whether the desk acknowledged it) and when its report was pulled. Oldest local day first, then
 * by pull, then in the API's order.
 */
export async function readStoredCriminalArrivalSummaries(db: Executor, lists?: readonly StoredList[]) {
  if (lists?.length === 0) return [];
  return db
    .select({
      propertyName: storedItems.propertyName,
      checkInDateLocal: storedItems.checkInDateLocal,
      checkInAtUtc: storedItems.checkInAtUtc,
      firstName: itemText("firstName") as SQL<string>,
      lastName: itemText("lastName") as SQL<string>,
      acknowledged: sql<boolean>`(${itemText("acknowledgedAtUtc")}) is not null`,
      pulledAt: storedCoverage.pulledAt,
    })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .innerJoin(partOf, partOfItem)
    .where(
      and(
        eq(storedReports.endpoint, "criminal-arrivals"),
        isNull(storedReports.itemsPurgedAt),
        notRestricted,
        lists ? ofLists(lists) : undefined,
      ),
    )
    .orderBy(asc(storedItems.checkInDateLocal), asc(storedCoverage.pulledAt), asc(storedItems.position));
}
