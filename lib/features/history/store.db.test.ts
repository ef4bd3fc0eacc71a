import { and, count, eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { listStoredDays } from "@/lib/features/history/stored-days";
import { readStoredReport } from "@/lib/features/history/stored-reads";
import type { GuestArrival } from "@/lib/features/reports/types";
import { listRuns } from "@/lib/features/sync/repository";
import { runSync } from "@/lib/features/sync/run";
import { liveObservations, storedItems, storedReports } from "@/lib/server/db/schema";
import { describeEachDatabase, persistentDatabase } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

const sim = simulatorPerFile();

const identity = (item: GuestArrival) =>
  JSON.stringify([item.propertyName, item.checkInAtUtc, item.firstName, item.lastName, item.dateOfBirth]);

describeEachDatabase("the stored history", (db) => {
  it("keeps a day once, however often it is pulled", async () => {
    const first = await pullAt(db(), sim(), pullTime("2026-11-22"));
    expect(first).toMatchObject({ outcome: "stored", reportedDate: "2026-11-21", trigger: "command" });
    expect(first.endpoints.map((entry) => [entry.endpoint, entry.result, entry.reportedDate])).toEqual([
      ["usage", "stored", "2026-11-21"],
      ["guests", "stored", "2026-11-21"],
      ["criminal-arrivals", "stored", "2026-11-21"],
    ]);
    const second = await pullAt(db(), sim(), pullTime("2026-11-22", "12:00"));
    expect(second.outcome).toBe("nothing new");
    expect(second.endpoints.map((entry) => entry.result)).toEqual(["already stored", "observed", "already stored"]);
    expect(second.message).toContain("already stored; live fields read again");
    expect(second.endpoints.map((entry) => entry.itemCount)).toEqual([null, null, null]);

    const reports = await db()
      .select({ endpoint: storedReports.endpoint, day: storedReports.reportedDate })
      .from(storedReports);
    expect(reports.sort((a, b) => a.endpoint.localeCompare(b.endpoint))).toEqual([
      { endpoint: "criminal-arrivals", day: "2026-11-21" },
      { endpoint: "guests", day: "2026-11-21" },
      { endpoint: "usage", day: "2026-11-21" },
    ]);
    const [items] = await db().select({ n: count() }).from(storedItems);
    const pulledItems = first.endpoints.reduce((sum, entry) => sum + (entry.itemCount ?? 0), 0);
    expect(pulledItems).toBeGreaterThan(100);
    expect(items!.n).toBe(pulledItems);
    expect((await listStoredDays(db(), "usage")).map((copy) => copy.reportedDate)).toEqual(["2026-11-21"]);
  });

  it("gives back exactly the pulled day, read under a clock days later", async () => {
    const at = pullTime("2026-11-15");
    await pullAt(db(), sim(), at);
    // What the API said at the pull, asked again at the same (frozen) instant.
    const api = apiFor(sim());
    const [usage, guests, criminal] = [await api.usage(), await api.guests(), await api.criminalArrivals()];
    expect(usage.reportedDateLocal).toBe("2026-11-14");

    await pullAt(db(), sim(), pullTime("2026-11-19"));
    const later = await apiFor(sim()).guests();
    expect(later.reportedDateLocal).toBe("2026-11-18");

    expect((await readStoredReport(db(), "usage", "2026-11-14"))?.report).toEqual(usage);
    expect((await readStoredReport(db(), "guests", "2026-11-14"))?.report).toEqual(guests);
    expect((await readStoredReport(db(), "criminal-arrivals", "2026-11-14"))?.report).toEqual(criminal);
    const copy = (await readStoredReport(db(), "guests", "2026-11-14"))!.copy;
    expect(copy).toEqual({
      reportedDate: "2026-11-14",
      pulledAt: new Date(at).toISOString(),
      liveObservedAt: new Date(at).toISOString(),
      itemsPurgedAt: null,
      // The demo key reaches ten properties under nine names (two are called Seaside Suites).
      coverage: { covered: expect.arrayContaining(["Seaside Suites"]), missing: [] },
    });
    expect((await readStoredReport(db(), "guests", "2026-11-18"))?.report).toEqual(later);
  });

  it("records a guest banned after the pull as an observation with its time", async () => {
    const morning = pullTime("2026-11-09");
    const evening = pullTime("2026-11-09", "18:00");
    await pullAt(db(), sim(), morning);
    const before = await readStoredReport(db(), "guests", "2026-11-08");

    // 18:00 UTC: most properties (Honolulu to Zurich) still report Nov 8, and some guests are banned
    // since; Tokyo and Sydney report their Nov 9, which is stored as their part of that day.
    const run = await pullAt(db(), sim(), evening);
    expect(run.endpoints.find((entry) => entry.endpoint === "guests")).toMatchObject({
      result: "stored",
      reportedDate: "2026-11-08",
    });
    const nextDay = (await readStoredReport(db(), "guests", "2026-11-09"))!;
    expect(new Set(nextDay.report.items.map((item) => item.propertyTimeZone))).toEqual(
      new Set(["Asia/Tokyo", "Australia/Sydney"]),
    );
    expect(nextDay.copy.coverage?.covered).toEqual(["Outback Rest", "さくらイン 新宿"]);
    const live = await apiFor(sim()).guests();
    expect(live.reportedDateLocal).toBe("2026-11-08");

    const [report] = await db()
      .select()
      .from(storedReports)
      .where(and(eq(storedReports.endpoint, "guests"), eq(storedReports.reportedDate, "2026-11-08")));
    const observations = await db().select().from(liveObservations).where(eq(liveObservations.reportId, report!.id));
    expect(observations.length).toBeGreaterThan(0);
    for (const observation of observations) {
      expect(observation).toMatchObject({ observedAt: new Date(evening), isCurrentlyBanned: true });
    }

    const after = (await readStoredReport(db(), "guests", "2026-11-08"))!;
    // Tokyo's and Sydney's part of Nov 8 was not read again (they report Nov 9 by then): the day's
    // live fields are as of its oldest reading.
    expect(after.copy).toMatchObject({
      pulledAt: new Date(morning).toISOString(),
      liveObservedAt: new Date(morning).toISOString(),
    });
    const nowLive = new Map(live.items.map((item) => [identity(item), item.isCurrentlyBanned]));
    let flipped = 0;
    after.report.items.forEach((item, index) => {
      const was = before!.report.items[index]!;
      expect({ ...item, isCurrentlyBanned: null }).toEqual({ ...was, isCurrentlyBanned: null });
      // Properties that moved on to Nov 9 (Tokyo, Sydney) are not in the evening's answer for Nov 8.
      if (nowLive.has(identity(item))) expect(item.isCurrentlyBanned).toBe(nowLive.get(identity(item)));
      if (item.isCurrentlyBanned && !was.isCurrentlyBanned) flipped += 1;
    });
    expect(flipped).toBe(observations.length);
  });
});

it("keeps the stored days and the runs across closing and reopening the embedded database", async () => {
  const store = await persistentDatabase("pglite");
  try {
    const at = pullTime("2026-11-22");
    await sim().setClock(at);
    const first = await store.open();
    let before;
    try {
      const result = await runSync(first.db, apiFor(sim()), { now: new Date(at), trigger: "command" });
      expect(result).toMatchObject({ status: "finished", run: { outcome: "stored" } });
      before = {
        usage: await readStoredReport(first.db, "usage", "2026-11-21"),
        guests: await readStoredReport(first.db, "guests", "2026-11-21"),
        criminal: await readStoredReport(first.db, "criminal-arrivals", "2026-11-21"),
        runs: await listRuns(first.db),
      };
    } finally {
      await first.close();
    }

    const second = await store.open();
    try {
      expect(before.guests!.report.items.length).toBeGreaterThan(100);
      expect(await readStoredReport(second.db, "usage", "2026-11-21")).toEqual(before.usage);
      expect(await readStoredReport(second.db, "guests", "2026-11-21")).toEqual(before.guests);
      expect(await readStoredReport(second.db, "criminal-arrivals", "2026-11-21")).toEqual(before.criminal);
      expect(await listRuns(second.db)).toEqual(before.runs);
      expect((await listStoredDays(second.db, "guests")).map((copy) => copy.reportedDate)).toEqual(["2026-11-21"]);
    } finally {
      await second.close();
    }
  } finally {
    await store.remove();
  }
}, 60_000);
