import { afterAll, beforeAll, expect, it } from "vitest";

import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewQueue } from "@/lib/features/review/queue";
import { reviewItemInput, signOffInput, undoSignOffInput } from "@/lib/features/review/schemas";
import {
  reviewArrival,
  reviewQueueFor,
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
    const before = await waitingListCount(db(), supervisor, options);
    const list = listIn(older.items, RIVERSIDE, OLDER);
    const ctx = contextOf(db(), supervisor);
    const input = (item: CriminalArrival) =>
      reviewItemInput.parse({ propertyName: RIVERSIDE, day: OLDER, itemKey: itemKeyOf(item) });

    await reviewArrival(ctx, input(list[0]!));
    const row = (await reviewQueue(db(), supervisor, options)).find(
      (r) => r.propertyName === RIVERSIDE && r.day === OLDER,
    )!;
    expect(row.reviewed).toBe(1);

    for (const item of list.slice(1)) await reviewArrival(ctx, input(item));
    await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: OLDER }));
    const after = await reviewQueue(db(), supervisor, options);
    expect(after.find((r) => r.propertyName === RIVERSIDE && r.day === OLDER)).toBeUndefined();
    expect(await waitingListCount(db(), supervisor, options)).toBe(before! - 1);
    // Others' queues are their own.
    expect((await reviewQueue(db(), zurichSupervisor, options)).every((r) => r.propertyName === ZURICH)).toBe(true);

    await undoArrivalSignOff(
      contextOf(db(), admin),
      undoSignOffInput.parse({ propertyName: RIVERSIDE, day: OLDER, reason: "Reopened" }),
    );
    const reopened = (await reviewQueue(db(), supervisor, options)).find(
      (r) => r.propertyName === RIVERSIDE && r.day === OLDER,
    );
    expect(reopened).toMatchObject({ reviewed: list.length, items: list.length });
    expect(await waitingListCount(db(), supervisor, options)).toBe(before);
  });

  it("is for supervisors and admins; the navigation count only for supervisors", async () => {
    const options = { now: new Date(newer.pulledAt.getTime() + HOUR), overdueHours: 24 };
    expect(await reviewQueueFor(db(), viewer, options).catch((error: unknown) => error)).toMatchObject({
      status: 403,
      code: "forbidden",
    });
    const adminRows = await reviewQueueFor(db(), admin, options);
    expect(adminRows.length).toBeGreaterThan((await reviewQueueFor(db(), supervisor, options)).length);
    expect(await waitingListCount(db(), admin, options)).toBeNull();
    expect(await waitingListCount(db(), viewer, options)).toBeNull();
  });
});
