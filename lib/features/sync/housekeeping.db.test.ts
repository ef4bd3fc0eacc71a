import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runHousekeeping, type HousekeepingPolicy } from "@/lib/features/sync/housekeeping";
import { runSync } from "@/lib/features/sync/run";
import { withAdvisoryLock } from "@/lib/server/db/advisory-lock";
import {
  auditEvents,
  housekeepingRuns,
  itemReviews,
  signInThrottle,
  storedItems,
  storedReports,
  users,
  userSessions,
} from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import { describeEachDatabase, twoInstancesOnPostgres } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Housekeeping's day: Nov 23, noon UTC. Nothing in these tests reads the wall clock. */
const NOW = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

function policy(now = NOW): HousekeepingPolicy {
  return {
    now,
    retentionDays: 3,
    auditRetentionDays: 365,
    session: { idleMs: 30 * 60_000, absoluteMs: 12 * HOUR },
  };
}

async function aUser(db: Database, email: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email, name: email, passwordHash: "not a hash", role: "supervisor", allProperties: true })
    .returning({ id: users.id });
  return row!.id;
}

describeEachDatabase("daily housekeeping", (db) => {
  it("forgets guest data and check-in instants past retention, ended sessions, idle throttle rows and old audit entries", async () => {
    // Nov 18 to 22 stored (the pulls keep everything: their own purge is not under test here).
    for (const day of ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"]) {
      await sim.setClock(pullTime(day));
      const result = await runSync(db(), apiFor(sim), {
        now: new Date(pullTime(day)),
        trigger: "command",
        retentionDays: 3650,
      });
      expect(result.status).toBe("finished");
    }
    const userId = await aUser(db(), "sam@example.com");
    const reviewed = (listDate: string, checkInAtUtc: string, itemKey: string) => ({
      itemKey,
      propertyName: "Riverside & Co. Hotel",
      listDate,
      checkInAtUtc,
      reviewedBy: userId,
      reviewerEmail: "sam@example.com",
      reviewerName: "Sam",
      note: "Seen at the desk",
    });
    await db()
      .insert(itemReviews)
      .values([
        reviewed("2026-11-18", "2026-11-18T15:04:05Z", "a".repeat(64)),
        reviewed("2026-11-21", "2026-11-21T09:30:00Z", "b".repeat(64)),
      ]);
    const actor = { actorId: userId, actorEmail: "sam@example.com", propertyName: "Riverside & Co. Hotel" };
    await db()
      .insert(auditEvents)
      .values([
        { ...actor, at: ago(4 * DAY), action: "guest.reveal_id", details: { checkInAtUtc: "2026-11-18T15:04:05Z" } },
        {
          ...actor,
          at: ago(4 * DAY),
          action: "review.item",
          details: { checkInAtUtc: "2026-11-19T23:59:59Z", noteLength: 3 },
        },
        { ...actor, at: ago(HOUR), action: "guest.reveal_id", details: { checkInAtUtc: "2026-11-22T08:00:00Z" } },
        { ...actor, at: ago(366 * DAY), action: "sign_in.success", clientAddress: "203.0.113.9" },
        { ...actor, at: ago(364 * DAY), action: "sign_in.success", clientAddress: "203.0.113.10" },
      ]);
    const session = (fields: Partial<typeof userSessions.$inferInsert>) => ({
      userId,
      createdAt: ago(HOUR),
      lastSeenAt: ago(60_000),
      ...fields,
    });
    const sessions = await db()
      .insert(userSessions)
      .values([
        session({ endedAt: ago(2 * DAY), endedReason: "sign_out" }),
        session({ endedAt: ago(2 * HOUR), endedReason: "sign_out" }),
        session({ createdAt: ago(3 * DAY), lastSeenAt: ago(3 * DAY) }),
        session({}),
      ])
      .returning({ id: userSessions.id });
    await db()
      .insert(signInThrottle)
      .values([
        { key: "address:203.0.113.1", failures: 3, windowStartedAt: ago(HOUR) },
        { key: "account:old@example.com", failures: 5, windowStartedAt: ago(HOUR), lockedUntil: ago(30 * 60_000) },
        {
          key: "account:locked@example.com",
          failures: 0,
          windowStartedAt: ago(HOUR),
          lockedUntil: new Date(NOW.getTime() + 60_000),
        },
        { key: "account:trying@example.com", failures: 2, windowStartedAt: ago(60_000) },
      ]);

    const result = await runHousekeeping(db(), policy());
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    expect(result.run).toMatchObject({
      outcome: "done",
      ranAt: NOW,
      // Nov 18 and 19, and Quiet Pines Motel's Nov 20 (no zone known: counted in the zone furthest ahead).
      removed: { guestDays: 3, sessions: 2, throttleRows: 2, auditEntries: 1 },
    });
    expect(result.run.message).toBe(
      "Removed the guest data of 3 days (19 property days; kept 3 days). Removed 2 ended sessions. " +
        "Removed 2 sign-in throttle rows. Removed 1 audit entry before 2025-11-23 (kept 365 days).",
    );

    // The guest data of Nov 18 and 19 is gone; Nov 20 stays.
    const itemsOf = async (day: string) => {
      const [row] = await db()
        .select({ n: count() })
        .from(storedItems)
        .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
        .where(eq(storedReports.reportedDate, day));
      return row!.n;
    };
    expect(await itemsOf("2026-11-19")).toBe(0);
    expect(await itemsOf("2026-11-20")).toBeGreaterThan(0);

    // The old review keeps its day, reviewer and time, and nothing that leads to the guest.
    const reviews = await db()
      .select({
        listDate: itemReviews.listDate,
        checkInAtUtc: itemReviews.checkInAtUtc,
        note: itemReviews.note,
        itemKey: itemReviews.itemKey,
      })
      .from(itemReviews)
      .orderBy(asc(itemReviews.listDate));
    expect(reviews).toEqual([
      { listDate: "2026-11-18", checkInAtUtc: null, note: null, itemKey: expect.stringMatching(/^purged:\d+$/) },
      {
        listDate: "2026-11-21",
        checkInAtUtc: "2026-11-21T09:30:00Z",
        note: "Seen at the desk",
        itemKey: "b".repeat(64),
      },
    ]);

    // Audit entries of purged days keep the day of the check-in only; recent ones keep the instant.
    const entries = await db()
      .select({ action: auditEvents.action, details: auditEvents.details, address: auditEvents.clientAddress })
      .from(auditEvents)
      .orderBy(asc(auditEvents.id));
    expect(entries).toEqual([
      { action: "guest.reveal_id", details: { checkInDay: "2026-11-18" }, address: null },
      { action: "review.item", details: { checkInDay: "2026-11-19", noteLength: 3 }, address: null },
      { action: "guest.reveal_id", details: { checkInAtUtc: "2026-11-22T08:00:00Z" }, address: null },
      { action: "sign_in.success", details: null, address: "203.0.113.10" },
    ]);

    const left = await db().select({ id: userSessions.id }).from(userSessions).orderBy(asc(userSessions.createdAt));
    expect(left.map((row) => row.id).sort()).toEqual([sessions[1]!.id, sessions[3]!.id].sort());
    const keys = await db().select({ key: signInThrottle.key }).from(signInThrottle);
    expect(keys.map((row) => row.key).sort()).toEqual(["account:locked@example.com", "account:trying@example.com"]);
  });

  it("runs once a day: again only when a day has passed since the last run", async () => {
    const soon = await runHousekeeping(db(), policy(new Date(NOW.getTime() + 23 * HOUR)));
    expect(soon).toEqual({ status: "skipped", reason: "done today", lastRanAt: NOW });
    const tomorrow = await runHousekeeping(db(), policy(new Date(NOW.getTime() + DAY + 1)));
    // Nov 20 of the properties with a known zone, and Quiet Pines Motel's Nov 21.
    expect(tomorrow).toMatchObject({ status: "done", run: { outcome: "done", removed: { guestDays: 2 } } });
    const [runs] = await db().select({ n: count() }).from(housekeepingRuns);
    expect(runs!.n).toBe(2);
  });

  it("skips a second run started while one is under way in this process", async () => {
    const later = policy(new Date(NOW.getTime() + 3 * DAY));
    const results = await Promise.all([runHousekeeping(db(), later), runHousekeeping(db(), later)]);
    expect(results.map((result) => result.status).sort()).toEqual(["done", "skipped"]);
  });
});

describe("housekeeping across instances on PostgreSQL", () => {
  const instances = twoInstancesOnPostgres();

  it("skips while another instance holds the lock, and runs once for both the same day", async () => {
    const { first, second } = instances();
    const held = await withAdvisoryLock(first.db, "daybook housekeeping", () => runHousekeeping(second.db, policy()), {
      wait: false,
    });
    expect(held).toEqual({ acquired: true, value: { status: "skipped", reason: "busy" } });

    const both = await Promise.all([runHousekeeping(first.db, policy()), runHousekeeping(second.db, policy())]);
    expect(both.filter((result) => result.status === "done")).toHaveLength(1);
    const again = await runHousekeeping(second.db, policy(new Date(NOW.getTime() + HOUR)));
    expect(again).toMatchObject({ status: "skipped", reason: "done today" });
    const [runs] = await first.db.select({ n: count() }).from(housekeepingRuns);
    expect(runs!.n).toBe(1);
  });
});
