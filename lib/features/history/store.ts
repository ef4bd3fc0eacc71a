/**
 * The history repository: Daybook's own copy of the reports, and the only code that touches
 * stored_reports, stored_items and live_observations. The API keeps no history, so each day is kept
 * as pulled, once per endpoint and reported day. Reads give back the report in the API's own shape,
 * parsed with the contract's schemas: a stored row that does not match fails loudly.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, not, or, sql, type SQL } from "drizzle-orm";

import { propertyKey } from "@/lib/core/access";
import { CRIMINAL_FIELDS, GUEST_FIELDS, keepUnder, policyFor, type PolicySet } from "@/lib/core/privacy";
import { crossReportKey } from "@/lib/core/property-names";
import {
  knownProperties,
  liveObservations,
  storedCoverage,
  storedItems,
  storedReports,
  type StoredEndpoint,
} from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { usageReportSchema, type UsageReport } from "@/lib/server/partner-api/schemas";
import { getMatchKey, matchesPerson, personKeys, type PersonKeys } from "@/lib/server/privacy/match-key";
import type { ActiveRestriction } from "@/lib/server/privacy/restrictions";

import { assembleUsage, keptRows, type Contribution, type KeptRow } from "./assemble";
import { recountDays } from "./day-counts";
import { decodeItem, encodeItem, itemText } from "./item-codec";
import {
  keptCriminalArrivalsReportSchema as criminalArrivalsReportSchema,
  keptGuestArrivalSchema as guestArrivalSchema,
  keptGuestsReportSchema as guestsReportSchema,
  type KeptCriminalArrival as CriminalArrival,
  type KeptCriminalArrivalsReport as CriminalArrivalsReport,
  type KeptGuestArrival as GuestArrival,
  type KeptGuestsReport as GuestsReport,
} from "./kept";
import { assignDays, coverageKey, type PropertyZones } from "./property-days";
import type { StoredCopy, StoredCoverage } from "./types";

export type { StoredCopy } from "./types";

export type ReportOf<E extends StoredEndpoint> = E extends "usage"
  ? UsageReport
  : E extends "guests"
    ? GuestsReport
    : CriminalArrivalsReport;

/** What a stored report is parsed with when it is read back: the contract's schema of its endpoint. */
const REPORT_SCHEMAS: { [E in StoredEndpoint]: { parse(value: unknown): ReportOf<E> } } = {
  usage: usageReportSchema,
  guests: guestsReportSchema,
  "criminal-arrivals": criminalArrivalsReportSchema,
};

export type StoreResult = "stored" | "observed" | "already stored";

const INSERT_BATCH = 1_000;

/** Identity of a guest arrival across two pulls of the same day: the API has no guest identifier. */
function arrivalIdentity(item: GuestArrival): string {
  // Only fields every policy keeps: a day stored before its policy dropped a field is still matched.
  return JSON.stringify([
    item.propertyName,
    item.checkInAtUtc,
    item.firstName,
    item.middleName,
    item.lastName,
    item.roomNumber,
    item.gender,
  ]);
}

/** A pull's privacy: the properties' policies and the restrictions in force (lib/features/privacy/server.ts). */
export interface StorePrivacy {
  policies: PolicySet;
  restrictions: readonly Restriction[];
}

/** A restriction in force, by the keyed hashes of its person. */
export type Restriction = ActiveRestriction;

/**
 * The items as their properties' policies keep them: fields not kept removed; a criminal arrival
 * of a property whose policy keeps no criminal details is not kept at all.
 */
function underPolicies(
  endpoint: StoredEndpoint,
  items: readonly (GuestArrival | CriminalArrival)[],
  policies: PolicySet,
): (GuestArrival | CriminalArrival)[] {
  if (endpoint === "guests")
    return items.map((item) => keepUnder(item, policyFor(policies, item.propertyName), GUEST_FIELDS));
  return items.flatMap((item) => {
    const policy = policyFor(policies, item.propertyName);
    return policy.criminalDetails ? [keepUnder(item, policy, CRIMINAL_FIELDS)] : [];
  });
}

/** A report as it is kept: its top level, and its items apart (null for usage, which has none). */
function split(report: UsageReport | GuestsReport | CriminalArrivalsReport): {
  top: Record<string, unknown>;
  items: (GuestArrival | CriminalArrival)[] | null;
} {
  if (!("items" in report)) return { top: report, items: null };
  const { items, ...top } = report;
  return { top, items };
}

export interface StoreOutcome {
  /** "stored" when some property's day was new; "observed" when only live fields were re-read. */
  result: StoreResult;
  /** Whether live fields of property days already kept were re-read. */
  observed: boolean;
  /** Items newly kept, over every day the answer held. */
  itemCount: number;
  /** The local days the answer's properties reported, oldest first. */
  days: string[];
  /** Properties not kept from this answer: their same-name zones or items named two days. */
  unplaced: string[];
}

/**
 * Keeps one answer, each property's part under the local day that property reported (an answer
 * of a group spanning the date line holds two days). A property day already kept is not kept
 * twice; for guests, its isCurrentlyBanned values are compared and each change is kept with the
 * time it was seen. `filter` is the propertyName the answer was asked for, if any.
 */
export async function storeReport<E extends StoredEndpoint>(
  db: Executor,
  endpoint: E,
  report: ReportOf<E>,
  {
    pulledAt,
    apiNow = pulledAt,
    runId = null,
    filter,
    privacy,
  }: { pulledAt: Date; apiNow?: Date; runId?: number | null; filter?: string; privacy: StorePrivacy },
): Promise<StoreOutcome> {
  return db.transaction(async (tx) => {
    const { top, items: answered } = split(report);
    // What the properties' policies do not keep is dropped here, before anything is stored.
    const items = answered === null ? null : underPolicies(endpoint, answered, privacy.policies);
    const usage = endpoint === "usage" ? (report as UsageReport) : null;
    const kept = usage ? keptRows(usage) : null;
    const known = await learnProperties(tx, endpoint, report, pulledAt);
    const names = new Set<string>(
      usage
        ? usage.byProperty.map((row) => row.propertyName)
        : known.listed.filter((name) => filter === undefined || propertyKey(name) === propertyKey(filter)),
    );
    const itemDays = new Map<string, Set<string>>();
    for (const item of items ?? []) {
      names.add(item.propertyName);
      itemDays.set(item.propertyName, (itemDays.get(item.propertyName) ?? new Set()).add(item.checkInDateLocal));
    }
    const assigned = assignDays({
      names,
      zonesByName: known.zones,
      itemDays,
      apiNow,
      label: report.reportedDateLocal,
    });
    const byDay = new Map<string, string[]>();
    const unplaced: string[] = [];
    for (const [name, day] of assigned) {
      if (day === null) unplaced.push(name);
      else byDay.set(day, [...(byDay.get(day) ?? []), name]);
    }
    const whole = byDay.size === 1 && unplaced.length === 0;

    let stored = false;
    let observed = false;
    let itemCount = 0;
    for (const [day, dayNames] of byDay) {
      const [created] = await tx
        .insert(storedReports)
        .values({
          endpoint,
          reportedDate: day,
          pulledAt,
          runId,
          // A whole answer of one day is kept as the API wrote it; a part is assembled below.
          report: whole && filter === undefined ? top : { ...partTop(endpoint, top), reportedDateLocal: day },
          itemCount: (items ?? []).filter((item) => assigned.get(item.propertyName) === day).length,
          liveObservedAt: endpoint === "guests" ? pulledAt : null,
        })
        .onConflictDoNothing()
        .returning({ id: storedReports.id });
      const [row] = created
        ? [{ id: created.id, purged: null }]
        : await tx
            .select({ id: storedReports.id, purged: storedReports.itemsPurgedAt })
            .from(storedReports)
            .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)))
            .for("update");
      const reportId = row!.id;
      const rowsOf = (name: string) => kept?.filter((row) => row.propertyName === name) ?? null;
      const fresh = (
        await tx
          .insert(storedCoverage)
          .values(
            dayNames.map((name) => ({
              reportId,
              propertyName: name,
              pulledAt,
              runId,
              liveObservedAt: endpoint === "guests" ? pulledAt : null,
              rows: rowsOf(name),
            })),
          )
          .onConflictDoNothing()
          .returning({ name: storedCoverage.propertyName })
      ).map((entry) => entry.name);

      const freshSet = new Set(fresh);
      if (fresh.length > 0) {
        const newItems = (items ?? []).filter((item) => freshSet.has(item.propertyName));
        // A property without arrivals joining a kept day adds nothing to tell.
        stored ||= created !== undefined || usage !== null || newItems.length > 0;
        itemCount += newItems.length;
        await appendItems(tx, reportId, newItems, privacy.restrictions);
        if (endpoint === "guests")
          await recountDays(
            tx,
            fresh.map((propertyName) => ({ reportId, propertyName })),
          );
        if (!created || !whole || filter !== undefined) await refreshTop(tx, endpoint, reportId, day, top, pulledAt);
        // A day is as of its latest part: "pulled at" says when it became what it is.
        if (!created) {
          await tx
            .update(storedReports)
            .set({ pulledAt: sql`greatest(${storedReports.pulledAt}, ${pulledAt.toISOString()}::timestamptz)` })
            .where(eq(storedReports.id, reportId));
        }
      }
      const seen = dayNames.filter((name) => !freshSet.has(name));
      if (endpoint === "guests" && seen.length > 0 && !row!.purged) {
        const seenSet = new Set(seen);
        await observeLiveFields(
          tx,
          reportId,
          (items as GuestArrival[]).filter((item) => seenSet.has(item.propertyName)),
          seen,
          pulledAt,
        );
        observed = true;
      }
    }
    return {
      result: stored ? "stored" : observed ? "observed" : "already stored",
      observed,
      itemCount,
      days: [...byDay.keys()].sort(),
      unplaced,
    };
  });
}

/** The top level of a part of a day: what does not describe the answer's other properties. */
function partTop(endpoint: StoredEndpoint, top: Record<string, unknown>): Record<string, unknown> {
  if (endpoint === "usage") return top;
  return Object.fromEntries(
    Object.entries(top).filter(([field]) => field !== "totalCount" && field !== "propertyName"),
  );
}

/** The keyed hashes an arrival is found by for a privacy request, of what its policy kept. */
function keysOf(key: Buffer, item: GuestArrival | CriminalArrival): PersonKeys {
  return personKeys(key, {
    firstName: item.firstName,
    lastName: item.lastName,
    dateOfBirth: "dateOfBirth" in item ? item.dateOfBirth : null,
    documentNumber: "identificationNumber" in item ? item.identificationNumber : null,
  });
}

/** What screens filter and count on, copied out of the item into typed columns (see the schema). */
function typedColumns(item: GuestArrival | CriminalArrival) {
  const guest = "matchedBanAtCheckIn" in item ? item : null;
  return {
    source: item.source,
    propertyTimeZone: guest?.propertyTimeZone ?? null,
    matchedBanAtCheckIn: guest?.matchedBanAtCheckIn ?? null,
    bannedWhenPulled: guest?.isCurrentlyBanned ?? null,
  };
}

async function appendItems(
  db: Executor,
  reportId: number,
  items: (GuestArrival | CriminalArrival)[],
  restrictions: readonly Restriction[],
) {
  if (items.length === 0) return;
  const key = await getMatchKey(db, getKeyring());
  const [last] = await db
    .select({ position: sql<number | null>`max(${storedItems.position})` })
    .from(storedItems)
    .where(eq(storedItems.reportId, reportId));
  const base = (last?.position ?? -1) + 1;
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    await db.insert(storedItems).values(
      items.slice(start, start + INSERT_BATCH).map((item, offset) => ({
        reportId,
        position: base + start + offset,
        propertyName: item.propertyName,
        checkInDateLocal: item.checkInDateLocal,
        checkInAtUtc: item.checkInAtUtc,
        item: encodeItem(item),
        ...keysOf(key, item),
        ...typedColumns(item),
      })),
    );
  }
  if (restrictions.length > 0) await restrictNewItems(db, reportId, restrictions);
}

/**
 * Arrivals of a person under a restriction are kept restricted as they arrive, and a criminal
 * arrival follows the guest arrival of the same check-in (it carries no date of birth or number
 * to match by itself), whichever of the two reports was kept first.
 */
async function restrictNewItems(db: Executor, reportId: number, restrictions: readonly Restriction[]) {
  const rows = await db
    .select({
      position: storedItems.position,
      nameKey: storedItems.nameKey,
      birthKey: storedItems.birthKey,
      documentKey: storedItems.documentKey,
    })
    .from(storedItems)
    .where(and(eq(storedItems.reportId, reportId), isNull(storedItems.restrictedBy)));
  for (const row of rows) {
    // A criminal arrival has neither a date of birth nor a number: it is matched through its guest arrival below.
    if (row.birthKey === null && row.documentKey === null) continue;
    const restriction = restrictions.find((entry) => matchesPerson(row, entry));
    if (restriction) {
      await db
        .update(storedItems)
        .set({ restrictedBy: restriction.requestId })
        .where(and(eq(storedItems.reportId, reportId), eq(storedItems.position, row.position)));
    }
  }
  await db.execute(sql`
    update ${storedItems} as other set restricted_by = restricted.restricted_by
    from ${storedItems} as restricted
    where other.restricted_by is null and restricted.restricted_by is not null
      and (other.report_id = ${reportId} or restricted.report_id = ${reportId})
      and other.property_name = restricted.property_name
      and other.check_in_at_utc = restricted.check_in_at_utc
      and other.name_key = restricted.name_key`);
}

/** After a part of a day was added: its item count, and for usage the figures of every part so far. */
async function refreshTop(
  db: Executor,
  endpoint: StoredEndpoint,
  reportId: number,
  day: string,
  answerTop: Record<string, unknown>,
  pulledAt: Date,
) {
  if (endpoint !== "usage") {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedItems)
      .where(eq(storedItems.reportId, reportId));
    await db
      .update(storedReports)
      .set({ itemCount: count?.n ?? 0 })
      .where(eq(storedReports.id, reportId));
    return;
  }
  const parts = await db
    .select({ pulledAt: storedCoverage.pulledAt, rows: storedCoverage.rows })
    .from(storedCoverage)
    .where(eq(storedCoverage.reportId, reportId))
    .orderBy(asc(storedCoverage.pulledAt));
  const rowsOf = (mine: boolean) =>
    parts
      .filter((part) => (part.pulledAt.getTime() === pulledAt.getTime()) === mine)
      .flatMap((part) => (part.rows ?? []) as KeptRow[]);
  const answerReport = usageReportSchema.parse(answerTop);
  const answer: Contribution = { report: answerReport, rows: rowsOf(true) };
  const earlier = rowsOf(false);
  let contributions = [answer];
  if (earlier.length > 0) {
    // The day as stored so far stands for the earlier pulls: its period, activity and message.
    const [stored] = await db
      .select({ report: storedReports.report })
      .from(storedReports)
      .where(eq(storedReports.id, reportId));
    contributions = [{ report: usageReportSchema.parse(stored!.report), rows: earlier }, answer];
  }
  // The rows in the API's order, as the latest answer lists the key's properties.
  const order = new Map<string, number>();
  answerReport.byProperty.forEach((row, index) => order.set(row.propertyName, order.get(row.propertyName) ?? index));
  const assembled = assembleUsage(day, contributions);
  const rank = (name: string) => order.get(name) ?? order.size;
  assembled.byProperty = assembled.byProperty
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row.propertyName) - rank(b.row.propertyName) || a.index - b.index)
    .map(({ row }) => row);
  await db
    .update(storedReports)
    .set({ report: assembled as unknown as Record<string, unknown> })
    .where(eq(storedReports.id, reportId));
}

/**
 * What the store knows of the key's properties, after learning from this answer: the zones each
 * name's arrivals named, and the names the latest usage answer listed (the key's reach). A pull
 * learns from all its answers before it stores any (`learnProperties` first), so the first pull
 * already places each property in its own day.
 */
export async function learnProperties(
  db: Executor,
  endpoint: StoredEndpoint,
  report: ReportOf<StoredEndpoint>,
  pulledAt: Date,
): Promise<{ zones: Map<string, string[]>; listed: string[] }> {
  const rows = await db.select().from(knownProperties).for("update");
  const zones = new Map(rows.map((row) => [row.propertyName, row.timeZones]));
  if (endpoint === "guests") {
    const changed = new Set<string>();
    for (const item of (report as GuestsReport).items) {
      const current = zones.get(item.propertyName) ?? [];
      if (!current.includes(item.propertyTimeZone)) {
        zones.set(item.propertyName, [...current, item.propertyTimeZone]);
        changed.add(item.propertyName);
      }
    }
    for (const name of changed) {
      const timeZones = zones.get(name)!;
      await db
        .insert(knownProperties)
        .values({ propertyName: name, timeZones })
        .onConflictDoUpdate({ target: knownProperties.propertyName, set: { timeZones } });
    }
  }
  if (endpoint !== "usage") return { zones, listed: currentNames(rows) };

  const listed = [...new Set((report as UsageReport).byProperty.map((row) => row.propertyName))];
  for (let start = 0; start < listed.length; start += INSERT_BATCH) {
    await db
      .insert(knownProperties)
      .values(listed.slice(start, start + INSERT_BATCH).map((name) => ({ propertyName: name, listedAt: pulledAt })))
      .onConflictDoUpdate({ target: knownProperties.propertyName, set: { listedAt: pulledAt } });
  }
  return { zones, listed };
}

/** The names the latest usage answer listed; before any, every name the arrivals told. */
function currentNames(rows: { propertyName: string; listedAt: Date | null }[]): string[] {
  const newest = Math.max(0, ...rows.map((row) => row.listedAt?.getTime() ?? 0));
  return rows.filter((row) => newest === 0 || row.listedAt?.getTime() === newest).map((row) => row.propertyName);
}

/** The key's properties as last listed, with the zones their arrivals named. */
export async function readKnownProperties(db: Executor): Promise<PropertyZones[]> {
  const rows = await db.select().from(knownProperties);
  const current = new Set(currentNames(rows));
  return rows
    .filter((row) => current.has(row.propertyName))
    .map((row) => ({ name: row.propertyName, zones: row.timeZones }));
}

/** A property the key reaches and the newest day stored of it, in any report. */
export interface NewestStoredDay {
  name: string;
  day: string;
  zones: readonly string[];
}

/**
 * The newest stored day of each property the key reaches now, with its zones: one grouped read of
 * the coverage (a row per property, report and day: a few thousand a year for ten properties) and
 * the short list of known properties. Read on every metrics scrape, so kept to these two queries.
 */
export async function newestStoredDays(db: Executor): Promise<NewestStoredDay[]> {
  const properties = await readKnownProperties(db);
  const rows = await db
    .select({ name: storedCoverage.propertyName, day: sql<string>`max(${storedReports.reportedDate})` })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .groupBy(storedCoverage.propertyName);
  const newest = new Map(rows.map((row) => [row.name, row.day]));
  return properties.flatMap((property) => {
    const day = newest.get(property.name);
    return day ? [{ name: property.name, day, zones: property.zones }] : [];
  });
}

/** `coverageKey(day, name)` of the property days stored since `since` for every one of `endpoints`. */
export async function storedPropertyDays(
  db: Executor,
  since: string,
  endpoints: readonly StoredEndpoint[],
): Promise<Set<string>> {
  const rows = await db
    .select({ day: storedReports.reportedDate, endpoint: storedReports.endpoint, name: storedCoverage.propertyName })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(and(gte(storedReports.reportedDate, since), inArray(storedReports.endpoint, [...endpoints])));
  const count = new Map<string, number>();
  for (const row of rows) {
    const key = coverageKey(row.day, row.name);
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return new Set([...count].filter(([, n]) => n === endpoints.length).map(([key]) => key));
}

/**
 * A later answer's isCurrentlyBanned for the properties `names` of a kept day: each value that
 * changed since the last reading is kept with the time it was seen. An older reading never
 * overwrites a newer one (a pull that finished late).
 */
async function observeLiveFields(
  db: Executor,
  reportId: number,
  items: GuestArrival[],
  names: string[],
  observedAt: Date,
): Promise<void> {
  const due = (
    await db
      .select({ name: storedCoverage.propertyName, at: storedCoverage.liveObservedAt })
      .from(storedCoverage)
      .where(and(eq(storedCoverage.reportId, reportId), inArray(storedCoverage.propertyName, names)))
      .for("update")
  )
    .filter((row) => row.at === null || row.at < observedAt)
    .map((row) => row.name);
  if (due.length === 0) return;
  const dueSet = new Set(due);
  const current = (await currentGuestItems(db, reportId))
    .map(({ position, item }) => ({ position, item: guestArrivalSchema.parse(item) }))
    .filter((row) => dueSet.has(row.item.propertyName));
  const byIdentity = new Map(current.map((row) => [arrivalIdentity(row.item), row]));
  const changes: { reportId: number; position: number; observedAt: Date; isCurrentlyBanned: boolean }[] = [];
  for (const item of items) {
    const row = dueSet.has(item.propertyName) ? byIdentity.get(arrivalIdentity(item)) : undefined;
    if (row && row.item.isCurrentlyBanned !== item.isCurrentlyBanned) {
      changes.push({ reportId, position: row.position, observedAt, isCurrentlyBanned: item.isCurrentlyBanned });
    }
  }
  for (let start = 0; start < changes.length; start += INSERT_BATCH) {
    await db
      .insert(liveObservations)
      .values(changes.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing();
  }
  await db
    .update(storedCoverage)
    .set({ liveObservedAt: observedAt })
    .where(and(eq(storedCoverage.reportId, reportId), inArray(storedCoverage.propertyName, due)));
  // The day's reading is as old as its oldest property's.
  await db
    .update(storedReports)
    .set({
      liveObservedAt: sql`(select min(${storedCoverage.liveObservedAt}) from ${storedCoverage} where ${storedCoverage.reportId} = ${reportId})`,
    })
    .where(eq(storedReports.id, reportId));
}

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
async function currentGuestItems(db: Executor, reportId: number) {
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

/** The columns a StoredCopy is made of: a listing of days never reads the reports themselves. */
const copyColumns = {
  reportedDate: storedReports.reportedDate,
  pulledAt: storedReports.pulledAt,
  liveObservedAt: storedReports.liveObservedAt,
  itemsPurgedAt: storedReports.itemsPurgedAt,
};

function copyOf(row: Pick<typeof storedReports.$inferSelect, keyof typeof copyColumns>): StoredCopy {
  return {
    reportedDate: row.reportedDate,
    pulledAt: row.pulledAt.toISOString(),
    liveObservedAt: row.liveObservedAt?.toISOString() ?? null,
    itemsPurgedAt: row.itemsPurgedAt?.toISOString() ?? null,
  };
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

export interface DayPart {
  name: string;
  pulledAt: Date;
  liveObservedAt: Date | null;
}

/**
 * The properties one endpoint's day is stored for, each with when it was pulled and its live
 * fields last read, and a version that changes whenever any of that does (a part added, a live
 * reading, a part's items purged): cheap to ask on every request, to know whether a copy held in
 * memory still stands.
 */
export async function dayParts(
  db: Executor,
  endpoint: StoredEndpoint,
  day: string,
): Promise<{ parts: DayPart[]; version: string } | null> {
  const rows = await db
    .select({
      id: storedReports.id,
      purgedAt: storedReports.itemsPurgedAt,
      revisedAt: storedReports.revisedAt,
      name: storedCoverage.propertyName,
      pulledAt: storedCoverage.pulledAt,
      liveObservedAt: storedCoverage.liveObservedAt,
      partPurgedAt: storedCoverage.itemsPurgedAt,
    })
    .from(storedReports)
    .innerJoin(storedCoverage, eq(storedCoverage.reportId, storedReports.id))
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)));
  if (rows.length === 0) return null;
  const latest = (pick: (row: (typeof rows)[number]) => Date | null) =>
    Math.max(0, ...rows.map((row) => pick(row)?.getTime() ?? 0));
  return {
    parts: rows.map(({ name, pulledAt, liveObservedAt }) => ({ name, pulledAt, liveObservedAt })),
    version: [
      rows[0]!.id,
      rows.length,
      latest((row) => row.pulledAt),
      latest((row) => row.liveObservedAt),
      latest((row) => row.purgedAt),
      latest((row) => row.revisedAt),
      // A part purged on its own (its property's retention) changes the day: how many and the latest.
      rows.filter((row) => row.partPurgedAt !== null).length,
      latest((row) => row.partPurgedAt),
    ].join(":"),
  };
}

/** The days kept for one endpoint, newest first. */
export async function listStoredDays(db: Executor, endpoint: StoredEndpoint): Promise<StoredCopy[]> {
  const rows = await db
    .select(copyColumns)
    .from(storedReports)
    .where(eq(storedReports.endpoint, endpoint))
    .orderBy(desc(storedReports.reportedDate));
  return rows.map(copyOf);
}

/** Whether one endpoint's report of `reportedDate` is kept; without a day, whether any of its days is. */
export async function hasStoredReport(db: Executor, endpoint: StoredEndpoint, reportedDate?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storedReports.id })
    .from(storedReports)
    .where(
      and(
        eq(storedReports.endpoint, endpoint),
        reportedDate === undefined ? undefined : eq(storedReports.reportedDate, reportedDate),
      ),
    )
    .limit(1);
  return row !== undefined;
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

/** What a retention purge removed: the guest data of `days` reported days, `items` items in all. */
export interface PurgedGuestData {
  days: number;
  items: number;
}

/** One property's part of a stored guests or criminal-arrivals day: what the retention purge removes at once. */
export interface GuestPart {
  reportId: number;
  endpoint: "guests" | "criminal-arrivals";
  day: string;
  propertyName: string;
}

/** What removing one part took away: counts only. */
export interface PurgedPart extends GuestPart {
  items: number;
  observations: number;
}

const GUEST_ENDPOINTS = ["guests", "criminal-arrivals"] as const;

/** The parts of guest days before `before` whose items are still kept, oldest day first. */
export async function keptGuestParts(db: Executor, before: string): Promise<GuestPart[]> {
  const rows = await db
    .select({
      reportId: storedReports.id,
      endpoint: storedReports.endpoint,
      day: storedReports.reportedDate,
      propertyName: storedCoverage.propertyName,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(
      and(
        inArray(storedReports.endpoint, [...GUEST_ENDPOINTS]),
        isNull(storedCoverage.itemsPurgedAt),
        // A day purged whole before parts were marked counts as purged in every part.
        isNull(storedReports.itemsPurgedAt),
        lt(storedReports.reportedDate, before),
      ),
    )
    .orderBy(asc(storedReports.reportedDate), asc(storedCoverage.propertyName));
  return rows.map((row) => ({ ...row, endpoint: row.endpoint as GuestPart["endpoint"] }));
}

/**
 * Removes the guest personal data of these property days (their items and the observations of
 * those items) and marks each part purged at `now`; a day whose every part is purged is marked
 * purged as a whole. The day's top level, its coverage and every aggregate stay. Marks change
 * `dayParts`' version, so no instance serves the removed items from memory.
 */
export async function purgeGuestParts(db: Executor, parts: readonly GuestPart[], now: Date): Promise<PurgedPart[]> {
  if (parts.length === 0) return [];
  const byReport = new Map<number, GuestPart[]>();
  for (const part of parts) byReport.set(part.reportId, [...(byReport.get(part.reportId) ?? []), part]);
  return db.transaction(async (tx) => {
    const purged: PurgedPart[] = [];
    // A report's parts at once: one read of its items, where a statement per part read the
    // property's whole year in the list index to find its day (some 40,000 entries, 400 times a day).
    for (const [reportId, ofReport] of byReport) {
      const names = ofReport.map((part) => part.propertyName);
      const ofParts = and(eq(storedItems.reportId, reportId), inArray(storedItems.propertyName, names));
      const observations = await tx
        .delete(liveObservations)
        .where(
          and(
            eq(liveObservations.reportId, reportId),
            inArray(
              liveObservations.position,
              tx.select({ position: storedItems.position }).from(storedItems).where(ofParts),
            ),
          ),
        )
        .returning({ position: liveObservations.position });
      const items = await tx
        .delete(storedItems)
        .where(ofParts)
        .returning({ position: storedItems.position, propertyName: storedItems.propertyName });
      const propertyAt = new Map(items.map((item) => [item.position, item.propertyName]));
      const guests = ofReport.filter((part) => part.endpoint === "guests");
      if (guests.length > 0) await recountDays(tx, guests);
      await tx
        .update(storedCoverage)
        .set({ itemsPurgedAt: now })
        .where(and(eq(storedCoverage.reportId, reportId), inArray(storedCoverage.propertyName, names)));
      const itemsOf = countBy(items.map((item) => item.propertyName));
      const observationsOf = countBy(observations.map((row) => propertyAt.get(row.position)));
      for (const part of ofReport)
        purged.push({
          ...part,
          items: itemsOf.get(part.propertyName) ?? 0,
          observations: observationsOf.get(part.propertyName) ?? 0,
        });
    }
    const ids = [...new Set(parts.map((part) => part.reportId))];
    await tx
      .update(storedReports)
      .set({ itemsPurgedAt: now })
      .where(
        and(
          inArray(storedReports.id, ids),
          isNull(storedReports.itemsPurgedAt),
          sql`not exists (select 1 from ${storedCoverage} where ${storedCoverage.reportId} = ${storedReports.id} and ${storedCoverage.itemsPurgedAt} is null)`,
        ),
      );
    return purged;
  });
}

function countBy<T>(values: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Removes the guest personal data (arrivals and criminal arrivals, with their observations) of
 * every property's day before `before`, whatever its policy: the whole-day purge. The retention
 * purge (lib/features/sync/retention.ts) cuts each property at its own policy and zone instead.
 */
export async function purgePersonalData(db: Executor, before: string, now: Date): Promise<PurgedGuestData> {
  const purged = await purgeGuestParts(db, await keptGuestParts(db, before), now);
  return { days: new Set(purged.map((part) => part.day)).size, items: purged.reduce((n, part) => n + part.items, 0) };
}

/** Every property name the store has met, with the zones its arrivals named (none for a name without arrivals). */
export async function readPropertyZones(db: Executor): Promise<Map<string, readonly string[]>> {
  const [known, covered] = await Promise.all([
    db.select().from(knownProperties),
    db.selectDistinct({ name: storedCoverage.propertyName }).from(storedCoverage),
  ]);
  const zones = new Map<string, readonly string[]>(covered.map((row) => [row.name, []]));
  for (const row of known) zones.set(row.propertyName, row.timeZones);
  return zones;
}

/** A guest day's parts, each with when its items were purged and how many were erased: what a read of the day says. */
export interface GuestPartState {
  propertyName: string;
  itemsPurgedAt: Date | null;
  erasedItems: number;
}

/** The parts of one stored guests or criminal-arrivals day; empty when the day is not stored. */
export async function readGuestPartStates(
  db: Executor,
  endpoint: StoredEndpoint,
  day: string,
): Promise<GuestPartState[]> {
  return db
    .select({
      propertyName: storedCoverage.propertyName,
      partPurgedAt: storedCoverage.itemsPurgedAt,
      dayPurgedAt: storedReports.itemsPurgedAt,
      erasedItems: storedCoverage.erasedItems,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)))
    .orderBy(asc(storedCoverage.propertyName))
    .then((rows) =>
      rows.map(({ propertyName, partPurgedAt, dayPurgedAt, erasedItems }) => ({
        propertyName,
        // A day purged whole before parts were marked: every part of it is purged.
        itemsPurgedAt: partPurgedAt ?? dayPurgedAt,
        erasedItems,
      })),
    );
}

/** Every stored day of an endpoint with its parts' purge marks, newest first: what the day list offers. */
export async function readGuestDayParts(
  db: Executor,
  endpoint: StoredEndpoint,
): Promise<Map<string, { propertyName: string; purged: boolean }[]>> {
  const rows = await db
    .select({
      day: storedReports.reportedDate,
      propertyName: storedCoverage.propertyName,
      purged: sql<boolean>`(${storedCoverage.itemsPurgedAt} is not null or ${storedReports.itemsPurgedAt} is not null)`,
    })
    .from(storedCoverage)
    .innerJoin(storedReports, eq(storedReports.id, storedCoverage.reportId))
    .where(eq(storedReports.endpoint, endpoint));
  const days = new Map<string, { propertyName: string; purged: boolean }[]>();
  for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), row]);
  return days;
}

export interface StoredDaysSummary {
  count: number;
  first: string | null;
  last: string | null;
  /** Days whose guest personal data the retention period removed. */
  purged: number;
}

export async function storedDaysSummary(db: Executor): Promise<StoredDaysSummary> {
  const [row] = await db
    .select({
      count: sql<number>`count(distinct ${storedReports.reportedDate})::int`,
      first: sql<string | null>`min(${storedReports.reportedDate})`,
      last: sql<string | null>`max(${storedReports.reportedDate})`,
      purged: sql<number>`(count(distinct ${storedReports.reportedDate}) filter (where ${storedReports.itemsPurgedAt} is not null))::int`,
    })
    .from(storedReports);
  return { count: row?.count ?? 0, first: row?.first ?? null, last: row?.last ?? null, purged: row?.purged ?? 0 };
}
