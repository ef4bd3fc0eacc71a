import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";

import { readStoredReport } from "@/lib/features/history/store";
import { nextPull } from "@/lib/features/sync/repository";
import { runSync } from "@/lib/features/sync/run";
import { storedReports, syncRuns } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullTime, USAGE_ONLY_KEY } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

describeEachDatabase("a pull with failures", (db) => {
  async function pullAt(at: string, apiKey?: string) {
    await sim.setClock(at);
    const result = await runSync(db(), apiFor(sim, apiKey), { now: new Date(at), trigger: "schedule" });
    if (result.status !== "finished") throw new Error("the pull was skipped");
    return result.run;
  }

  const storedDay = async (endpoint: "usage" | "guests" | "criminal-arrivals", day: string) =>
    (
      await db()
        .select()
        .from(storedReports)
        .where(and(eq(storedReports.endpoint, endpoint), eq(storedReports.reportedDate, day)))
    ).length;

  it("keeps the other reports when one fails after its retry, and names the correlation id to quote", async () => {
    await sim.queueFaults("500", "500");
    const run = await pullAt(pullTime("2026-10-02"));
    const usageRequests = (await sim.requests()).filter((request) => request.path.endsWith("/usage/dashboard"));
    expect(usageRequests.map((request) => request.status)).toEqual([500, 500]);

    expect(run.outcome).toBe("partial");
    expect(run.endpoints[0]).toEqual({
      endpoint: "usage",
      result: "failed",
      reportedDate: null,
      itemCount: null,
      correlationId: usageRequests[1]!.correlationId,
      errorCode: "internal_error",
      status: 500,
    });
    expect(run.correlationId).toBe(usageRequests[1]!.correlationId);
    expect(run.reportedDate).toBe("2026-10-01");
    expect(run.endpoints.slice(1).map((entry) => entry.result)).toEqual(["stored", "stored"]);
    expect(run.message).toMatch(
      /^Stored guest arrivals and criminal arrivals of 2026-10-01\. Failed: usage summary \(internal_error 500\)\./,
    );
    expect(await storedDay("usage", "2026-10-01")).toBe(0);
    expect(await storedDay("guests", "2026-10-01")).toBe(1);

    // The day is not complete until every report is stored: tried again, but not before 30 minutes.
    expect(await nextPull(db(), new Date(pullTime("2026-10-02", "11:35")), 30)).toMatchObject({
      due: false,
      day: "2026-10-01",
      nextAt: new Date(pullTime("2026-10-02", "12:00")),
    });
    expect(await nextPull(db(), new Date(pullTime("2026-10-02", "12:00")), 30)).toMatchObject({
      due: true,
      day: "2026-10-01",
    });
    const retry = await pullAt(pullTime("2026-10-02", "12:00"));
    // Usage now lists Quiet Pines Motel, which has no arrivals: its empty part joins the guest days.
    expect(retry.endpoints.map((entry) => entry.result)).toEqual(["stored", "observed", "already stored"]);
    expect(retry.outcome).toBe("stored");
    expect(await nextPull(db(), new Date(pullTime("2026-10-02", "12:05")), 30)).toMatchObject({
      due: false,
      day: "2026-10-02",
    });
  });

  it("keeps each property's own day from a pull outside the daily window", async () => {
    // 07:00 UTC: most properties report 2026-10-04, Honolulu still reports 2026-10-03.
    const early = await pullAt(pullTime("2026-10-05", "07:00"));
    expect(early.endpoints.map((entry) => entry.result)).toEqual(["stored", "stored", "stored"]);
    const honolulu = (await readStoredReport(db(), "usage", "2026-10-03"))!;
    expect(honolulu.report.byProperty.map((row) => row.propertyName)).toEqual(["Harbour View Hotel"]);
    expect(honolulu.report.totals.scans).toEqual({ value: honolulu.report.byProperty[0]!.scans, changePercent: null });
    expect(honolulu.copy.coverage).toEqual({ covered: ["Harbour View Hotel"], missing: expect.any(Array) });
    const partial = (await readStoredReport(db(), "usage", "2026-10-04"))!.copy.coverage!;
    expect(partial.covered).toHaveLength(8);
    expect(partial.missing).toEqual(["Harbour View Hotel"]);
    const guests = (await readStoredReport(db(), "guests", "2026-10-04"))!.report;
    expect(guests.items.every((item) => item.checkInDateLocal === "2026-10-04")).toBe(true);
    expect(guests.items.some((item) => item.propertyName === "Harbour View Hotel")).toBe(false);

    // In the window Honolulu reports Oct 4 too: its part completes the day, which then reads as
    // the API's own answer of that day, figure for figure.
    const inWindow = await pullAt(pullTime("2026-10-05"));
    expect(inWindow.endpoints.slice(0, 2).map((entry) => entry.result)).toEqual(["stored", "stored"]);
    const whole = await apiFor(sim).usage();
    const assembled = (await readStoredReport(db(), "usage", "2026-10-04"))!;
    expect(assembled.copy.coverage).toMatchObject({ missing: [] });
    expect(assembled.copy.coverage?.covered).toHaveLength(9);
    expect(assembled.report.byProperty).toEqual(whole.byProperty);
    for (const block of ["totals", "alerts", "warnings"] as const)
      expect(assembled.report[block]).toEqual(whole[block]);
    const day = (await readStoredReport(db(), "guests", "2026-10-04"))!.report;
    expect(day.items.filter((item) => item.propertyName === "Harbour View Hotel").length).toBeGreaterThan(0);
    expect(day.totalCount).toBe((await apiFor(sim).guests()).totalCount);

    // Later the same day Tokyo and Sydney have moved on: their Oct 5 is kept, Oct 4 only re-read.
    const late = await pullAt(pullTime("2026-10-05", "18:00"));
    expect(late.endpoints.slice(0, 2).map((entry) => entry.result)).toEqual(["stored", "stored"]);
    expect(
      (await readStoredReport(db(), "usage", "2026-10-05"))!.report.byProperty.map((row) => row.propertyName),
    ).toEqual(["さくらイン 新宿", "Outback Rest"]);
  });

  it("fails the run when every report fails, without throwing", async () => {
    await sim.queueFaults("500", "500", "500", "500", "500", "500");
    const run = await pullAt(pullTime("2026-10-05"));
    expect(run.outcome).toBe("failed");
    expect(run.endpoints.map((entry) => [entry.result, entry.errorCode, entry.status])).toEqual([
      ["failed", "internal_error", 500],
      ["failed", "internal_error", 500],
      ["failed", "internal_error", 500],
    ]);
    expect(run.reportedDate).toBeNull();
    expect(run.correlationId).toBe(run.endpoints[0]!.correlationId);
    expect(run.message).toMatch(
      /^Every report failed: usage summary \(internal_error 500\), guest arrivals \(internal_error 500\) and criminal arrivals \(internal_error 500\)\./,
    );
    expect(run.finishedAt!.getTime()).toBeGreaterThanOrEqual(run.startedAt.getTime());
    expect((await sim.requests()).length).toBe(6);
  });

  it("fails only the report whose body is cut off or breaks the contract", async () => {
    await sim.queueFaults("malformed");
    const cut = await pullAt(pullTime("2026-10-08"));
    expect(cut.outcome).toBe("partial");
    expect(cut.endpoints[0]).toMatchObject({
      endpoint: "usage",
      result: "failed",
      errorCode: "malformed_body",
      status: 200,
    });

    await sim.queueFaults("invalid");
    const broken = await pullAt(pullTime("2026-10-09"));
    expect(broken.endpoints[0]).toMatchObject({ endpoint: "usage", result: "failed", errorCode: "contract_violation" });
    expect(broken.endpoints.slice(1).map((entry) => entry.result)).toEqual(["stored", "stored"]);
    // Neither was retried: the contract retries 429 and 5xx only.
    const usageRequests = (await sim.requests()).filter((request) => request.path.endsWith("/usage/dashboard"));
    expect(usageRequests.map((request) => request.fault)).toEqual(["malformed", "invalid"]);
  });

  it("stores what a key may see and notes the reports it may not", async () => {
    const run = await pullAt(pullTime("2026-10-12"), USAGE_ONLY_KEY);
    expect(run.outcome).toBe("partial");
    expect(run.endpoints.map((entry) => [entry.endpoint, entry.result, entry.errorCode, entry.status])).toEqual([
      ["usage", "stored", null, 200],
      ["guests", "failed", "insufficient_scope", 403],
      ["criminal-arrivals", "failed", "insufficient_scope", 403],
    ]);
    // A key without those reports does not keep pulling all day for them.
    const decision = await nextPull(db(), new Date(pullTime("2026-10-12", "11:35")), 30);
    expect(decision.due).toBe(false);
  });

  it("marks a run left running by a stopped process as not finished", async () => {
    const [orphan] = await db()
      .insert(syncRuns)
      .values({ trigger: "schedule", startedAt: new Date(pullTime("2026-10-14")) })
      .returning();
    await pullAt(pullTime("2026-10-15"));
    const [after] = await db().select().from(syncRuns).where(eq(syncRuns.id, orphan!.id));
    expect(after).toMatchObject({
      outcome: "failed",
      message: "Did not finish: Daybook stopped or lost its database during the pull.",
      finishedAt: null,
    });
  });
});
