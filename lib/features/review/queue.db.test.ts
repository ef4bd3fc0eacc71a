import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewQueue } from "@/lib/features/review/queue";
import { parseQueueQuery } from "@/lib/features/review/queue-view";
import { reviewItemInput, signOffInput, undoSignOffInput } from "@/lib/features/review/schemas";
import {
  reviewArrival,
  reviewQueueFor,
  reviewQueueView,
  signOffArrivalList,
  undoArrivalSignOff,
  waitingListCount,
  type ReviewActor,
} from "@/lib/features/review/server";
import type { CriminalArrival } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { contextOf, HARBOUR, listIn, person, RIVERSIDE, storeDay, ZURICH } from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const OLDER = "2026-10-12";
const NEWER = "2026-10-13";
const HOUR = 3_600_000;

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

/** What the queue should say of one list, worked out from the items as the API gave them. */
function expectedRow(items: readonly CriminalArrival[], propertyName: string, day: string) {
  const list = listIn(items, propertyName, day);
  return {
    propertyName,
    day,
    items: list.length,
    reviewed: 0,
    notAcknowledged: list.filter((item) => item.acknowledgedAtUtc === null).length,
  };
}

describeEachDatabase("review queue", (db) => {
  let older: { items: CriminalArrival[]; pulledAt: Date };
  let newer: { items: CriminalArrival[]; pulledAt: Date };
  let supervisor: ReviewActor;
  let zurichSupervisor: ReviewActor;
  let admin: ReviewActor;
  let viewer: ReviewActor;

  beforeAll(async () => {
    // Stored out of order on purpose: the queue orders by day, not by insertion.
    newer = await storeDay(db(), sim, NEWER);
    older = await storeDay(db(), sim, OLDER);
    supervisor = await person(db(), "supervisor", [RIVERSIDE, HARBOUR], "Sam Supervisor");
    zurichSupervisor = await person(db(), "supervisor", [ZURICH], "Zoe Zürich");
    admin = await person(db(), "admin", "all", "Ada Admin");
    viewer = await person(db(), "viewer", [HARBOUR], "Vic Viewer");
  });

  it("lists the scope's stored lists oldest first, with their counts and how long each has waited", async () => {
    const now = new Date(newer.pulledAt.getTime() + 1 * HOUR + 5 * 60_000);
    const rows = await reviewQueue(db(), supervisor, { now, overdueHours: 24 });
    const expected = [OLDER, NEWER].flatMap((day) =>
      [HARBOUR, RIVERSIDE]
        .map((property) => expectedRow(day === OLDER ? older.items : newer.items, property, day))
        .filter((row) => row.items > 0),
    );
    expect(
      rows.map(({ propertyName, day, items, reviewed, notAcknowledged }) => ({
        propertyName,
        day,
        items,
        reviewed,
        notAcknowledged,
      })),
    ).toEqual(expected);
    expect(rows.map((row) => row.propertyName)).not.toContain(ZURICH);

    // Waiting counts from when the list was stored: the older day was pulled 24 h before the newer one.
    const olderRow = rows.find((row) => row.day === OLDER)!;
    const newerRow = rows.find((row) => row.day === NEWER)!;
    expect(olderRow).toMatchObject({ storedAt: older.pulledAt.toISOString(), hoursWaiting: 25, overdue: true });
    expect(newerRow).toMatchObject({ storedAt: newer.pulledAt.toISOString(), hoursWaiting: 1, overdue: false });
  });

  it("overdue is strictly longer than the configured hours", async () => {
    const exactly = new Date(older.pulledAt.getTime() + 24 * HOUR);
    const rows = await reviewQueue(db(), supervisor, { now: exactly, overdueHours: 24 });
    expect(rows.filter((row) => row.day === OLDER).every((row) => !row.overdue && row.hoursWaiting === 24)).toBe(true);
    const later = await reviewQueue(db(), supervisor, { now: new Date(exactly.getTime() + 1), overdueHours: 24 });
    expect(later.filter((row) => row.day === OLDER).every((row) => row.overdue)).toBe(true);
    const longer = await reviewQueue(db(), supervisor, { now: new Date(exactly.getTime() + 1), overdueHours: 48 });
    expect(longer.some((row) => row.overdue)).toBe(false);
  });

  it("counts reviews as they come, drops a list once signed off and takes it back when the sign-off is undone", async () => {
    const now = new Date(newer.pulledAt.getTime() + HOUR);
    const options = { now, overdueHours: 24 };
    const before = await waitingListCount(db(), supervisor);
    const list = listIn(older.items, RIVERSIDE, OLDER);
    const ctx = contextOf(db(), supervisor);
    const input = (item: CriminalArrival) =>
      reviewItemInput.parse({ propertyName: RIVERSIDE, day: OLDER, itemKey: itemKeyOf(item), outcome: "confirmed" });

    await reviewArrival(ctx, input(list[0]!));
    const row = (await reviewQueue(db(), supervisor, options)).find(
      (r) => r.propertyName === RIVERSIDE && r.day === OLDER,
    )!;
    expect(row.reviewed).toBe(1);

    for (const item of list.slice(1)) await reviewArrival(ctx, input(item));
    await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: OLDER }));
    const after = await reviewQueue(db(), supervisor, options);
    expect(after.find((r) => r.propertyName === RIVERSIDE && r.day === OLDER)).toBeUndefined();
    expect(await waitingListCount(db(), supervisor)).toBe(before! - 1);
    // Others' queues are their own.
    expect((await reviewQueue(db(), zurichSupervisor, options)).every((r) => r.propertyName === ZURICH)).toBe(true);

    // The Review page's view agrees: the list is gone from Riverside's lists and from its count.
    const riverside = await reviewQueueView(db(), supervisor, {
      ...options,
      query: parseQueueQuery({ property: RIVERSIDE }),
    });
    expect(riverside.rows.some((r) => r.day === OLDER)).toBe(false);
    expect(riverside.property).toMatchObject({ label: RIVERSIDE, waiting: riverside.matching });

    await undoArrivalSignOff(
      contextOf(db(), admin),
      undoSignOffInput.parse({ propertyName: RIVERSIDE, day: OLDER, reason: "Reopened" }),
    );
    const reopened = (await reviewQueue(db(), supervisor, options)).find(
      (r) => r.propertyName === RIVERSIDE && r.day === OLDER,
    );
    expect(reopened).toMatchObject({ reviewed: list.length, items: list.length });
    expect(await waitingListCount(db(), supervisor)).toBe(before);
    const back = await reviewQueueView(db(), supervisor, {
      ...options,
      query: parseQueueQuery({ property: RIVERSIDE }),
    });
    expect(back.rows.some((r) => r.day === OLDER)).toBe(true);
    expect(back.total).toBe(before);
  });

  describe("the Review page's view", () => {
    // The older day overdue, the newer one not.
    const options = () => ({ now: new Date(newer.pulledAt.getTime() + HOUR), overdueHours: 24 });
    const view = (actor: ReviewActor, params: Record<string, string>, pageSize?: number) =>
      reviewQueueView(db(), actor, { ...options(), query: parseQueueQuery(params), pageSize });
    const label = (row: { propertyName: string; zone: string | null }) => row.propertyName;

    it("pages the whole queue, the page past the end being the last, the totals whole on every page", async () => {
      const whole = await reviewQueueFor(db(), admin, options());
      expect(whole.length).toBeGreaterThan(10);
      const second = await view(admin, { page: "2" }, 5);
      expect(second.rows).toEqual(whole.slice(5, 10));
      expect(second).toMatchObject({ page: 2, first: 6, matching: whole.length, pages: Math.ceil(whole.length / 5) });
      expect(second.total).toBe(whole.length);
      expect(second.overdue).toBe(whole.filter((row) => row.overdue).length);
      const past = await view(admin, { page: "999" }, 5);
      expect(past.page).toBe(past.pages);
      expect(past.rows).toEqual(whole.slice((past.pages - 1) * 5));
      for (const bad of ["0", "-1", "two", "1.5"]) expect((await view(admin, { page: bad }, 5)).page).toBe(1);
    });

    it("narrows to one property, with each property's waiting and overdue counts", async () => {
      const whole = await reviewQueueFor(db(), admin, options());
      const all = await view(admin, {});
      expect(all.chooseProperty).toBe(true);
      expect(all.properties.reduce((sum, entry) => sum + entry.waiting, 0)).toBe(whole.length);
      for (const entry of all.properties) {
        const own = whole.filter((row) => label(row) === entry.label);
        expect(entry).toMatchObject({ waiting: own.length, overdue: own.filter((row) => row.overdue).length });
      }
      const harbour = await view(admin, { property: "harbour  VIEW hotel" });
      expect(harbour.property?.label).toBe(HARBOUR);
      expect(harbour.rows).toEqual(whole.filter((row) => row.propertyName === HARBOUR));
      expect(harbour.total).toBe(whole.length);
    });

    it("keeps overdue lists only when asked", async () => {
      const whole = await reviewQueueFor(db(), supervisor, options());
      const overdue = await view(supervisor, { overdue: "1" });
      expect(overdue.overdueOnly).toBe(true);
      expect(overdue.rows.length).toBeGreaterThan(0);
      expect(overdue.rows).toEqual(whole.filter((row) => row.overdue));
      expect(overdue.rows.every((row) => row.day === OLDER)).toBe(true);
      // Overdue at one property, none overdue when nothing has waited a day yet.
      const early = await reviewQueueView(db(), supervisor, {
        now: new Date(newer.pulledAt.getTime() - 23 * HOUR - 30 * 60_000),
        overdueHours: 24,
        query: parseQueueQuery({ overdue: "1", property: HARBOUR }),
      });
      expect(early).toMatchObject({ matching: 0, rows: [], overdue: 0 });
      expect(early.total).toBeGreaterThan(0);
    });

    it("sorts oldest first by default, newest first, or by property", async () => {
      const oldest = (await view(admin, { sort: "nonsense" })).rows;
      expect(oldest).toEqual((await view(admin, {})).rows);
      const days = oldest.map((row) => row.day);
      expect([...days].sort()).toEqual(days);
      const newest = (await view(admin, { sort: "newest" })).rows.map((row) => row.day);
      expect([...newest].sort().reverse()).toEqual(newest);
      expect(newest[0]).toBe(NEWER);
      const byProperty = (await view(admin, { sort: "property" })).rows;
      const names = byProperty.map(label);
      expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
      // Within a property, oldest day first.
      const riverside = byProperty.filter((row) => row.propertyName === RIVERSIDE).map((row) => row.day);
      expect(riverside).toEqual([...riverside].sort());
    });

    it("says so when asked for a property that is none of the person's, and shows every list", async () => {
      const unknown = await view(supervisor, { property: ZURICH });
      expect(unknown.propertyProblem).toEqual({ asked: ZURICH, kind: "unknown", labels: [], properties: [] });
      expect(unknown.property).toBeNull();
      expect(unknown.matching).toBe(unknown.total);
    });

    it("offers no property filter to a person with one property", async () => {
      expect((await view(zurichSupervisor, {})).chooseProperty).toBe(false);
    });
  });

  it("is for supervisors and admins, and so is the navigation's count", async () => {
    const options = { now: new Date(newer.pulledAt.getTime() + HOUR), overdueHours: 24 };
    expect(await reviewQueueFor(db(), viewer, options).catch((error: unknown) => error)).toMatchObject({
      status: 403,
      code: "forbidden",
    });
    const adminRows = await reviewQueueFor(db(), admin, options);
    expect(adminRows.length).toBeGreaterThan((await reviewQueueFor(db(), supervisor, options)).length);
    expect(await waitingListCount(db(), admin)).toBe(adminRows.length);
    expect(await waitingListCount(db(), viewer)).toBeNull();
  });
});
