import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";

import { addDays } from "@/lib/core/days";
import { ALL_FIELDS_KEPT, type KeptFields } from "@/lib/core/privacy";
import { fieldCode } from "@/lib/features/history/item-codec";
import { dayParts, readStoredReport } from "@/lib/features/history/store";
import { readHeldDay } from "@/lib/features/reports/held";
import { runHousekeeping, type HousekeepingPolicy } from "@/lib/features/sync/housekeeping";
import { runSync } from "@/lib/features/sync/run";
import {
  auditEvents,
  housekeepingRuns,
  itemReviews,
  knownProperties,
  listSignOffs,
  privacyAssignments,
  privacyPolicies,
  purgeLog,
  storedItems,
  storedReports,
  users,
} from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { assignPolicyAs, savePolicyAs, type Acting } from "./manage";
import { policyFormSchema } from "./policies";
import { applyStoredPolicies } from "./server";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

/** The days pulled (each the day before its pull), and housekeeping's "now" after them. */
const DAYS = ["2026-11-18", "2026-11-19", "2026-11-20"];
const HOUSEKEEPING_AT = new Date("2026-11-22T12:00:00Z");

const DROPS_BIRTH_AND_OFFENSES: KeptFields = { ...ALL_FIELDS_KEPT, dateOfBirth: false, offenseDetails: false };

function housekeeping(now = HOUSEKEEPING_AT): HousekeepingPolicy {
  // A long retention: only the privacy step has anything to do.
  return { now, retentionDays: 3650, auditRetentionDays: 365, session: { idleMs: 30 * 60_000, absoluteMs: 3_600_000 } };
}

describeEachDatabase("privacy policies applied to stored arrivals", (db) => {
  let acting: Acting;

  beforeEach(async () => {
    // Each test starts from no stored day, no named policy and no log.
    await db().delete(storedReports);
    await db().delete(knownProperties);
    await db().delete(purgeLog);
    await db().delete(privacyAssignments);
    await db().delete(privacyPolicies).where(eq(privacyPolicies.isDefault, false));
    await db().delete(itemReviews);
    await db().delete(listSignOffs);
    await db().delete(auditEvents);
    await db().delete(housekeepingRuns);
    await db().delete(users);
    const [admin] = await db()
      .insert(users)
      .values({
        email: "admin@example.com",
        name: "Ada Admin",
        passwordHash: "not a hash",
        role: "admin",
        allProperties: true,
      })
      .returning({ id: users.id, email: users.email });
    acting = { actor: admin!, clientAddress: "203.0.113.9" };
  });

  async function pull(day: string) {
    const at = pullTime(nextDay(day));
    await sim.setClock(at);
    const result = await runSync(db(), apiFor(sim), { now: new Date(at), trigger: "command", retentionDays: 3650 });
    if (result.status !== "finished") throw new Error("the pull was skipped");
  }

  /** What the simulator serves of `day` (guests and criminal arrivals), as the pull of that day saw it. */
  async function served(day: string) {
    await sim.setClock(pullTime(nextDay(day)));
    const api = apiFor(sim);
    return { guests: (await api.guests()).items, criminal: (await api.criminalArrivals()).items };
  }

  /** A property with criminal arrivals on every one of DAYS: what the test's policy is assigned to. */
  async function propertyWithMatches(): Promise<string> {
    const counts = new Map<string, number>();
    for (const day of DAYS) {
      for (const name of new Set((await served(day)).criminal.map((item) => item.propertyName)))
        counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const name = [...counts].find(([, n]) => n === DAYS.length)?.[0];
    if (!name) throw new Error("no property has criminal arrivals on every test day");
    return name;
  }

  async function createPolicy(name: string, kept: KeptFields, criminalDetails = true) {
    const form = {
      name,
      retention: "own",
      retentionDays: "30",
      "kept[]": Object.entries(kept)
        .filter(([, keep]) => keep)
        .map(([field]) => field),
      criminalDetails,
    };
    const result = await savePolicyAs(db(), policyFormSchema.parse(form), acting);
    expect(result.ok).toBe(true);
    const [row] = await db().select().from(privacyPolicies).where(eq(privacyPolicies.name, name));
    return row!;
  }

  async function assign(propertyName: string, policyId: string) {
    const result = await assignPolicyAs(db(), { propertyName, policyId }, acting);
    expect(result).toMatchObject({ ok: true });
  }

  /** Every stored item of `propertyName` as text, with its field codes and keyed hashes. */
  async function storedOf(propertyName: string) {
    return db()
      .select({
        text: sql<string>`${storedItems.item}::text`,
        keys: sql<string[]>`array(select jsonb_object_keys(${storedItems.item}))`,
        birthKey: storedItems.birthKey,
        endpoint: storedReports.endpoint,
      })
      .from(storedItems)
      .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
      .where(eq(storedItems.propertyName, propertyName));
  }

  /** No stored row of the property holds a date of birth or offense details, by key or by a value served. */
  async function expectNoneKept(propertyName: string) {
    const rows = await storedOf(propertyName);
    expect(rows.filter((row) => row.endpoint === "guests").length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.endpoint === "criminal-arrivals").length).toBeGreaterThan(0);
    for (const key of ["dateOfBirth", "offenseDescriptions", "crimeTypes"])
      expect(rows.filter((row) => row.keys.includes(fieldCode(key)))).toEqual([]);
    expect(rows.filter((row) => row.birthKey !== null)).toEqual([]);
    const values = new Set<string>();
    for (const day of DAYS) {
      const { guests, criminal } = await served(day);
      for (const guest of guests.filter((item) => item.propertyName === propertyName)) {
        if (guest.dateOfBirth) values.add(guest.dateOfBirth.slice(0, 10));
      }
      for (const item of criminal.filter((entry) => entry.propertyName === propertyName))
        for (const description of item.offenseDescriptions) if (description.length > 3) values.add(description);
    }
    expect(values.size).toBeGreaterThan(0);
    const leaks = [...values].filter((value) =>
      rows.some((row) => row.text.includes(JSON.stringify(value).slice(1, -1))),
    );
    expect(leaks).toEqual([]);
  }

  it("a policy that drops date of birth and offense details keeps none of them from the next pull on", async () => {
    const property = await propertyWithMatches();
    await pull(DAYS[0]!); // the property is known once a pull has listed it
    await db().delete(storedReports);
    const eu = await createPolicy("EU", DROPS_BIRTH_AND_OFFENSES);
    await assign(property, eu.id);
    for (const day of DAYS) await pull(day);

    await expectNoneKept(property);
    // The arrivals say what was not kept, under which policy, and the other properties keep everything.
    const guests = await readStoredReport(db(), "guests", DAYS[0]!);
    const mine = guests!.report.items.filter((item) => item.propertyName === property);
    expect(mine[0]!.notKept).toEqual({ policy: "EU", fields: ["dateOfBirth"] });
    expect(guests!.report.items.find((item) => item.propertyName !== property)!.dateOfBirth).toBeTruthy();
    // Nothing was stored to be removed later.
    expect(await db().select().from(purgeLog)).toEqual([]);
  });

  it("housekeeping drops the fields from days stored under the keep-all default, logs each day and audits the change", async () => {
    const property = await propertyWithMatches();
    for (const day of DAYS) await pull(day);
    const before = await storedOf(property);
    expect(before.some((row) => row.keys.includes(fieldCode("dateOfBirth")) && row.birthKey !== null)).toBe(true);
    const usageBefore = await readStoredReport(db(), "usage", DAYS[1]!);
    const countsBefore = await itemCounts();

    const eu = await createPolicy("EU", ALL_FIELDS_KEPT);
    await assign(property, eu.id);
    // The edit that drops them: the audit entry says what changed, before and after.
    const edit = await savePolicyAs(
      db(),
      policyFormSchema.parse({
        id: eu.id,
        name: "EU",
        retention: "own",
        retentionDays: "30",
        "kept[]": ["address", "email", "phone", "document"],
        criminalDetails: "on",
      }),
      acting,
    );
    expect(edit.ok).toBe(true);

    const result = await runHousekeeping(db(), housekeeping());
    expect(result.status).toBe("done");
    await expectNoneKept(property);
    // The rest of each arrival stays, and so do every count and the usage figures.
    expect(await itemCounts()).toEqual(countsBefore);
    expect(await readStoredReport(db(), "usage", DAYS[1]!)).toEqual(usageBefore);
    const others = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(storedItems)
      .where(and(ne(storedItems.propertyName, property), isNotNull(storedItems.birthKey)));
    expect(others[0]!.n).toBeGreaterThan(0);

    const log = await db().select().from(purgeLog).orderBy(asc(purgeLog.day), asc(purgeLog.kind));
    expect(
      log.map(({ reason, rule, kind, day, propertyName, fields }) => ({
        reason,
        rule,
        kind,
        day,
        propertyName,
        fields,
      })),
    ).toEqual(
      DAYS.flatMap((day) => [
        {
          reason: "policy",
          rule: "EU: offense descriptions and crime types not kept",
          kind: "criminal arrivals",
          day,
          propertyName: property,
          fields: ["offenseDetails"],
        },
        {
          reason: "policy",
          rule: "EU: date of birth not kept",
          kind: "guest arrivals",
          day,
          propertyName: property,
          fields: ["dateOfBirth"],
        },
      ]),
    );
    expect(log.every((entry) => entry.rows > 0)).toBe(true);
    // Each changed day has a new version, so no copy held in memory is served.
    const revised = await db()
      .select({ day: storedReports.reportedDate, at: storedReports.revisedAt })
      .from(storedReports)
      .where(inArray(storedReports.endpoint, ["guests", "criminal-arrivals"]));
    expect(revised.every((row) => row.at?.getTime() === HOUSEKEEPING_AT.getTime())).toBe(true);

    const audit = await db().select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(audit.map((entry) => entry.action)).toEqual([
      "privacy.policy_create",
      "privacy.assign",
      "privacy.policy_update",
    ]);
    expect(audit[1]).toMatchObject({
      actorEmail: "admin@example.com",
      clientAddress: "203.0.113.9",
      propertyName: property,
      details: { policyBefore: "Default", policyAfter: "EU" },
    });
    expect(audit[2]!.details).toMatchObject({
      notKeptBefore: ["nothing: every field kept"],
      notKeptAfter: ["Date of birth", "Offense descriptions and crime types"],
    });
    expect(audit[2]!.details).not.toHaveProperty("retentionBefore");
  });

  it("criminal details not kept removes the property's criminal arrivals, and their reviews keep only who and when", async () => {
    const property = await propertyWithMatches();
    for (const day of DAYS) await pull(day);
    const other = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(storedItems)
      .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
      .where(and(eq(storedReports.endpoint, "criminal-arrivals"), ne(storedItems.propertyName, property)));
    await db()
      .insert(itemReviews)
      .values({
        itemKey: "c".repeat(64),
        propertyName: property,
        listDate: DAYS[1]!,
        checkInAtUtc: `${DAYS[1]}T15:00:00Z`,
        reviewerEmail: "supervisor@example.com",
        reviewerName: "Sam Supervisor",
        note: "Spoke with the guest at the desk",
      });
    const none = await createPolicy("No records", ALL_FIELDS_KEPT, false);
    await assign(property, none.id);

    const applied = await applyStoredPolicies(db(), HOUSEKEEPING_AT);
    expect(applied.removed).toBeGreaterThan(0);
    const left = await storedOf(property);
    expect(left.filter((row) => row.endpoint === "criminal-arrivals")).toEqual([]);
    expect(left.filter((row) => row.endpoint === "guests").length).toBeGreaterThan(0);
    const [othersAfter] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(storedItems)
      .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
      .where(and(eq(storedReports.endpoint, "criminal-arrivals"), ne(storedItems.propertyName, property)));
    expect(othersAfter!.n).toBe(other[0]!.n);
    const [review] = await db().select().from(itemReviews);
    expect(review).toMatchObject({
      reviewerEmail: "supervisor@example.com",
      listDate: DAYS[1],
      note: null,
      checkInAtUtc: null,
    });
    expect(review!.itemKey).toMatch(/^purged:/);
    const log = await db().select().from(purgeLog);
    expect(new Set(log.map((entry) => entry.kind))).toEqual(new Set(["criminal arrivals"]));
    expect(log.map((entry) => entry.rule)).toContain("No records: criminal-arrival details not kept");
    expect(log.reduce((sum, entry) => sum + entry.rows, 0)).toBe(applied.removed);
    // A pull of a later day keeps none either.
    await pull("2026-11-21");
    expect((await storedOf(property)).filter((row) => row.endpoint === "criminal-arrivals")).toEqual([]);
  });

  it("works through a day in batches: every arrival changed, one purge log entry per property day", async () => {
    const property = await propertyWithMatches();
    for (const day of DAYS) await pull(day);
    const perDay = new Map<string, number>();
    for (const day of DAYS) {
      const guests = (await readStoredReport(db(), "guests", day))!.report.items;
      perDay.set(day, guests.filter((item) => item.propertyName === property).length);
    }
    // Several batches a day (the property has far more than 7 arrivals a day).
    expect(Math.min(...perDay.values())).toBeGreaterThan(7 * 2);
    const eu = await createPolicy("EU", DROPS_BIRTH_AND_OFFENSES, false);
    await assign(property, eu.id);

    const applied = await applyStoredPolicies(db(), HOUSEKEEPING_AT, { batch: 7 });
    expect(applied.rows).toBe([...perDay.values()].reduce((a, b) => a + b, 0));
    const rows = await storedOf(property);
    expect(rows.filter((row) => row.keys.includes(fieldCode("dateOfBirth")) || row.birthKey !== null)).toEqual([]);
    expect(rows.filter((row) => row.endpoint === "criminal-arrivals")).toEqual([]);
    const guestLog = await db()
      .select({ day: purgeLog.day, rows: purgeLog.rows })
      .from(purgeLog)
      .where(eq(purgeLog.kind, "guest arrivals"))
      .orderBy(asc(purgeLog.day));
    expect(guestLog).toEqual(DAYS.map((day) => ({ day, rows: perDay.get(day) })));
  });

  it("a stored day is served as the changed policy keeps it at once, before housekeeping removes anything", async () => {
    const property = await propertyWithMatches();
    await pull(DAYS[0]!);
    const parts = (await dayParts(db(), "guests", DAYS[0]!))!;
    const before = (await readHeldDay(db(), "guests", DAYS[0]!, parts.version))!.report.items;
    expect(before.find((item) => item.propertyName === property)!.dateOfBirth).toBeTruthy();

    const eu = await createPolicy("EU", DROPS_BIRTH_AND_OFFENSES, false);
    await assign(property, eu.id);
    // The same stored version: nothing in the store changed yet.
    expect((await dayParts(db(), "guests", DAYS[0]!))!.version).toBe(parts.version);
    const served = (await readHeldDay(db(), "guests", DAYS[0]!, parts.version))!.report.items;
    const mine = served.filter((item) => item.propertyName === property);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.filter((item) => "dateOfBirth" in item)).toEqual([]);
    expect(mine[0]!.notKept).toEqual({ policy: "EU", fields: ["dateOfBirth"] });
    // Other properties' arrivals are served as they were held.
    const other = before.findIndex((item) => item.propertyName !== property);
    expect(served[other]).toBe(before[other]);
    const criminalParts = (await dayParts(db(), "criminal-arrivals", DAYS[0]!))!;
    const criminal = (await readHeldDay(db(), "criminal-arrivals", DAYS[0]!, criminalParts.version))!.report;
    expect(criminal.items.filter((item) => item.propertyName === property)).toEqual([]);
    expect(criminal.totalCount).toBe(criminal.items.length);
  });

  it("a run with nothing to drop changes nothing", async () => {
    const property = await propertyWithMatches();
    const eu = await createPolicy("EU", DROPS_BIRTH_AND_OFFENSES);
    await pull(DAYS[0]!); // the property is known once a pull has listed it
    await db().delete(storedReports);
    await assign(property, eu.id);
    for (const day of DAYS) await pull(day);
    await db().delete(purgeLog);
    const before = await db().select().from(storedReports).orderBy(asc(storedReports.id));
    const items = await db()
      .select({ text: sql<string>`${storedItems.item}::text` })
      .from(storedItems);

    expect(await applyStoredPolicies(db(), HOUSEKEEPING_AT)).toEqual({ days: 0, rows: 0, removed: 0 });
    expect(await db().select().from(storedReports).orderBy(asc(storedReports.id))).toEqual(before);
    expect(
      await db()
        .select({ text: sql<string>`${storedItems.item}::text` })
        .from(storedItems),
    ).toEqual(items);
    expect(await db().select().from(purgeLog)).toEqual([]);
  });

  async function itemCounts() {
    return db()
      .select({ endpoint: storedReports.endpoint, day: storedReports.reportedDate, n: storedReports.itemCount })
      .from(storedReports)
      .orderBy(asc(storedReports.endpoint), asc(storedReports.reportedDate));
  }
});

const nextDay = (day: string) => addDays(day, 1);
