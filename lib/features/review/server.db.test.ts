import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewQueue } from "@/lib/features/review/queue";
import { reviewItemInput, signOffInput, undoReviewInput, undoSignOffInput } from "@/lib/features/review/schemas";
import {
  listItems,
  reviewArrival,
  reviewsOfDay,
  signOffArrivalList,
  undoArrivalReview,
  undoArrivalSignOff,
  type ReviewActor,
} from "@/lib/features/review/server";
import { purgeGuestData } from "@/lib/features/sync/run";
import type { OpenedDatabase } from "@/lib/server/db/open";
import { auditEvents, itemReviews, listSignOffs } from "@/lib/server/db/schema";
import type { CriminalArrival } from "@/lib/server/partner-api";
import { describeEachDatabase, persistentDatabase } from "@/tests/support/databases";
import { pullInstant } from "@/tests/support/partner-api";
import {
  contextOf,
  HARBOUR,
  listIn,
  liveAt,
  person,
  pullDay,
  RIVERSIDE,
  storeDay,
  ZURICH,
} from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const DAY = "2026-10-05";
const LIVE_DAY = "2026-10-09";
const PURGED_DAY = "2026-09-20";
const REOPENED_DAY = "2026-10-20";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

const reviewInput = (item: CriminalArrival, note?: string) =>
  reviewItemInput.parse({
    propertyName: item.propertyName,
    day: item.checkInDateLocal,
    itemKey: itemKeyOf(item),
    outcome: "confirmed",
    note,
  });

/** The error a call fails with, to check its class, status and code. */
async function failure(
  call: Promise<unknown>,
): Promise<{ status?: number; code?: string; message: string; name: string }> {
  try {
    await call;
  } catch (error) {
    return error as { status?: number; code?: string; message: string; name: string };
  }
  throw new Error("expected the call to fail");
}

describeEachDatabase("criminal-arrival review", (db, kind) => {
  let stored: CriminalArrival[];
  let list: CriminalArrival[];
  let supervisor: ReviewActor;
  let otherSupervisor: ReviewActor;
  let admin: ReviewActor;
  let viewer: ReviewActor;
  let regional: ReviewActor;
  let strangerViewer: ReviewActor;

  beforeAll(async () => {
    stored = (await storeDay(db(), sim, DAY)).items;
    list = listIn(stored, RIVERSIDE, DAY);
    supervisor = await person(db(), "supervisor", [RIVERSIDE, HARBOUR], "Sam Supervisor");
    otherSupervisor = await person(db(), "supervisor", [ZURICH], "Zoe Zürich");
    admin = await person(db(), "admin", "all", "Ada Admin");
    viewer = await person(db(), "viewer", [" riverside & co. hotel "], "Vic Viewer");
    regional = await person(db(), "regional", [RIVERSIDE], "Rhea Regional");
    strangerViewer = await person(db(), "viewer", [ZURICH], "Stan Stranger");
  });

  it("reads a stored list's items from the stored copy, each with its key", async () => {
    // Riverside's showcase guests guarantee several criminal arrivals every day.
    expect(list.length).toBeGreaterThanOrEqual(3);
    const { items, stored: fromStore } = await listItems(contextOf(db(), supervisor), {
      propertyName: "riverside & co.hotel",
      day: DAY,
      zone: null,
    });
    expect(fromStore).toBe(true);
    expect(items.map((item) => item.itemKey).sort()).toEqual(list.map(itemKeyOf).sort());
  });

  it("a supervisor reviews an item with a trimmed note; everyone who sees the property sees it; the audit names nobody", async () => {
    const item = list[0]!;
    const input = reviewInput(item, "   Called the night manager; ID checked twice.  ");
    expect(input.note).toBe("Called the night manager; ID checked twice.");
    const record = await reviewArrival(contextOf(db(), supervisor), input);
    expect(record).toMatchObject({
      itemKey: itemKeyOf(item),
      reviewerName: "Sam Supervisor",
      note: input.note,
      listDate: DAY,
      outcome: "confirmed",
      policeContacted: false,
    });

    for (const who of [viewer, regional, admin, supervisor]) {
      const seen = await reviewsOfDay(db(), who, DAY);
      expect(
        seen.reviews.find((review) => review.itemKey === itemKeyOf(item)),
        who.name,
      ).toMatchObject({
        reviewerName: "Sam Supervisor",
        note: input.note,
      });
    }
    expect((await reviewsOfDay(db(), strangerViewer, DAY)).reviews).toEqual([]);
    expect((await reviewsOfDay(db(), viewer, DAY)).you).toEqual({ canReview: false, canUndo: false });
    expect((await reviewsOfDay(db(), supervisor, DAY)).you).toEqual({ canReview: true, canUndo: false });
    expect((await reviewsOfDay(db(), admin, DAY)).you).toEqual({ canReview: false, canUndo: true });

    // The record keeps the key, never the name.
    const [row] = await db()
      .select()
      .from(itemReviews)
      .where(eq(itemReviews.itemKey, itemKeyOf(item)));
    expect(JSON.stringify(row)).not.toContain(item.lastName);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "review.item"), eq(auditEvents.actorId, supervisor.id)));
    expect(audit).toMatchObject({
      target: `criminal arrivals ${DAY}`,
      propertyName: RIVERSIDE,
      outcome: "success",
      clientAddress: "127.0.0.1",
    });
    expect(audit!.details).toMatchObject({
      noteLength: input.note!.length,
      from: "stored copy",
      matchOutcome: "confirmed",
      policeContacted: false,
    });
    const details = JSON.stringify(audit!.details);
    for (const secret of [item.firstName, item.lastName, "night manager"]) expect(details).not.toContain(secret);
  });

  it("notes: blank is none, more than 1,000 characters is refused; an undo needs a reason", () => {
    const item = list[1]!;
    expect(reviewInput(item, "   ").note).toBeNull();
    expect(reviewInput(item).note).toBeNull();
    expect(reviewInput(item, "x".repeat(1_000)).note).toHaveLength(1_000);
    expect(
      reviewItemInput.safeParse({
        propertyName: RIVERSIDE,
        day: DAY,
        itemKey: itemKeyOf(item),
        note: "x".repeat(1_001),
      }).success,
    ).toBe(false);
    expect(
      undoReviewInput.safeParse({ propertyName: RIVERSIDE, day: DAY, itemKey: itemKeyOf(item), reason: "  " }).success,
    ).toBe(false);
    expect(undoSignOffInput.safeParse({ propertyName: RIVERSIDE, day: DAY }).success).toBe(false);
    expect(reviewItemInput.safeParse({ propertyName: RIVERSIDE, day: "5 Oct", itemKey: itemKeyOf(item) }).success).toBe(
      false,
    );
  });

  it("an item is reviewed once; a key not in the list is refused", async () => {
    const again = await failure(reviewArrival(contextOf(db(), supervisor), reviewInput(list[0]!)));
    expect(again).toMatchObject({ status: 409, code: "already_reviewed" });
    const stranger = await failure(
      reviewArrival(contextOf(db(), supervisor), {
        ...reviewInput(list[1]!),
        itemKey: itemKeyOf({ ...list[1]!, lastName: "Nobody" }),
      }),
    );
    expect(stranger).toMatchObject({ status: 404, code: "item_not_in_list" });
    // An item of another list (Harbour's) is not in Riverside's, whatever the key.
    const harbourItem = listIn(stored, HARBOUR, DAY)[0];
    if (harbourItem) {
      const elsewhere = await failure(
        reviewArrival(contextOf(db(), supervisor), { ...reviewInput(list[1]!), itemKey: itemKeyOf(harbourItem) }),
      );
      expect(elsewhere).toMatchObject({ status: 404, code: "item_not_in_list" });
    }
  });

  it("a sign-off needs every item reviewed and says which are missing", async () => {
    const missing = await failure(
      signOffArrivalList(contextOf(db(), supervisor), signOffInput.parse({ propertyName: RIVERSIDE, day: DAY })),
    );
    expect(missing).toMatchObject({ status: 409, code: "items_not_reviewed" });
    expect(missing.message).toContain(`${list.length - 1} of ${list.length} criminal arrivals are not reviewed yet`);
    for (const item of list.slice(1, 4)) expect(missing.message).toContain(`${item.firstName} ${item.lastName}`);
    expect(await db().select().from(listSignOffs)).toEqual([]);
  });

  it("viewers, regional staff and admins cannot review or sign off; a supervisor of another property cannot either", async () => {
    const item = list[1]!;
    for (const who of [viewer, regional, admin]) {
      expect(await failure(reviewArrival(contextOf(db(), who), reviewInput(item))), who.name).toMatchObject({
        status: 403,
        code: "forbidden",
      });
      expect(
        await failure(
          signOffArrivalList(contextOf(db(), who), signOffInput.parse({ propertyName: RIVERSIDE, day: DAY })),
        ),
      ).toMatchObject({ status: 403, code: "forbidden" });
    }
    // Another property's supervisor is told the list does not exist, exactly as for a made-up property.
    const outside = await failure(reviewArrival(contextOf(db(), otherSupervisor), reviewInput(item)));
    const madeUp = await failure(
      reviewArrival(contextOf(db(), otherSupervisor), { ...reviewInput(item), propertyName: "No Such Hotel" }),
    );
    expect(outside).toMatchObject({ status: 404, code: "list_not_found" });
    expect(madeUp).toMatchObject({
      status: 404,
      code: "list_not_found",
      message: outside.message.replace(RIVERSIDE, "No Such Hotel"),
    });
    expect(
      await failure(
        signOffArrivalList(contextOf(db(), otherSupervisor), signOffInput.parse({ propertyName: RIVERSIDE, day: DAY })),
      ),
    ).toMatchObject({
      status: 404,
    });
    const refused = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, otherSupervisor.id), eq(auditEvents.outcome, "failure")));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(
      await db()
        .select()
        .from(itemReviews)
        .where(eq(itemReviews.itemKey, itemKeyOf(item))),
    ).toEqual([]);
  });

  it("once every item is reviewed the list is signed off, and a review is refused until an admin undoes the sign-off", async () => {
    const ctx = contextOf(db(), supervisor);
    for (const item of list.slice(1)) await reviewArrival(ctx, reviewInput(item));
    const signOff = await signOffArrivalList(
      ctx,
      signOffInput.parse({ propertyName: "Riverside & Co. Hotel", day: DAY, note: " All checked. " }),
    );
    expect(signOff).toMatchObject({
      propertyName: RIVERSIDE,
      listDate: DAY,
      signerName: "Sam Supervisor",
      note: "All checked.",
      itemCount: list.length,
    });
    expect((await reviewsOfDay(db(), viewer, DAY)).signOffs).toEqual([signOff]);

    expect(
      await failure(signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: DAY }))),
    ).toMatchObject({
      status: 409,
      code: "already_signed_off",
    });
    expect(await failure(reviewArrival(ctx, reviewInput(list[0]!)))).toMatchObject({
      status: 409,
      code: "list_signed_off",
    });
    // Not even an admin takes back a review of a signed-off list without reopening it first.
    const adminCtx = contextOf(db(), admin);
    const undoInput = undoReviewInput.parse({
      propertyName: RIVERSIDE,
      day: DAY,
      itemKey: itemKeyOf(list[0]!),
      reason: "Wrong guest",
    });
    expect(await failure(undoArrivalReview(adminCtx, undoInput))).toMatchObject({
      status: 409,
      code: "list_signed_off",
    });

    // Only an admin undoes, and says why.
    const reopen = undoSignOffInput.parse({
      propertyName: RIVERSIDE,
      day: DAY,
      reason: " Signed off before the police report came in. ",
    });
    expect(await failure(undoArrivalSignOff(ctx, reopen))).toMatchObject({ status: 403, code: "forbidden" });
    expect(await failure(undoArrivalReview(ctx, undoInput))).toMatchObject({ status: 403, code: "forbidden" });
    await undoArrivalSignOff(adminCtx, reopen);
    await undoArrivalReview(adminCtx, undoInput);

    const after = await reviewsOfDay(db(), viewer, DAY);
    expect(after.signOffs).toEqual([]);
    expect(after.undoneSignOffs).toEqual([
      expect.objectContaining({
        propertyName: RIVERSIDE,
        undoneByName: "Ada Admin",
        reason: "Signed off before the police report came in.",
      }),
    ]);
    expect(after.reviews.map((review) => review.itemKey)).not.toContain(itemKeyOf(list[0]!));
    expect(after.undoneReviews).toEqual([
      expect.objectContaining({ itemKey: itemKeyOf(list[0]!), undoneByName: "Ada Admin", reason: "Wrong guest" }),
    ]);

    // Rows are never deleted: the undone ones stay with who, when and why.
    const rows = await db()
      .select()
      .from(itemReviews)
      .where(eq(itemReviews.itemKey, itemKeyOf(list[0]!)));
    expect(rows).toEqual([
      expect.objectContaining({
        undoneBy: admin.id,
        undoneByEmail: admin.email,
        undoneReason: "Wrong guest",
        undoneAt: expect.any(Date),
      }),
    ]);
    expect(await db().select().from(listSignOffs)).toEqual([
      expect.objectContaining({ undoneBy: admin.id, undoneAt: expect.any(Date) }),
    ]);

    // The list is open again: the item is reviewed anew and the list signed off again.
    await reviewArrival(ctx, reviewInput(list[0]!, "Checked with the police report."));
    await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: DAY }));
    expect((await reviewsOfDay(db(), viewer, DAY)).signOffs).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(itemReviews)
        .where(eq(itemReviews.itemKey, itemKeyOf(list[0]!))),
    ).toHaveLength(2);

    const actions = (
      await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.propertyName, RIVERSIDE))
    ).map((row) => row.action);
    for (const action of ["review.item", "review.item_undo", "review.sign_off", "review.sign_off_undo"])
      expect(actions).toContain(action);
    const [undoAudit] = await db().select().from(auditEvents).where(eq(auditEvents.action, "review.sign_off_undo"));
    expect(undoAudit).toMatchObject({
      actorId: admin.id,
      target: `criminal arrivals ${DAY}`,
      details: { reasonLength: reopen.reason.length },
    });
  });

  it("two reviews of the same item at once: one stands, the other is refused", async () => {
    const item = listIn(stored, HARBOUR, DAY).at(-1);
    expect(item).toBeDefined();
    const ctx = contextOf(db(), supervisor);
    const outcomes = await Promise.allSettled([
      reviewArrival(ctx, reviewInput(item!, "first")),
      reviewArrival(ctx, reviewInput(item!, "second")),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({ status: 409, code: "already_reviewed" });
    expect(
      await db()
        .select()
        .from(itemReviews)
        .where(eq(itemReviews.itemKey, itemKeyOf(item!))),
    ).toHaveLength(1);
  });

  it("a list not stored yet is read live through the DAL, and reviewed the same way", async () => {
    const liveInstant = pullInstant(LIVE_DAY);
    const liveArrivals = liveAt(sim, liveInstant);
    const live = listIn(await liveArrivals(), RIVERSIDE, LIVE_DAY);
    expect(live.length).toBeGreaterThan(0);
    const ctx = contextOf(db(), supervisor, { liveArrivals });
    const { items, stored: fromStore } = await listItems(ctx, { propertyName: RIVERSIDE, day: LIVE_DAY, zone: null });
    expect(fromStore).toBe(false);
    expect(items).toHaveLength(live.length);
    await reviewArrival(ctx, reviewInput(live[0]!));
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "review.item"), eq(auditEvents.target, `criminal arrivals ${LIVE_DAY}`)));
    expect(audit!.details).toMatchObject({ from: "live report" });
    // A day neither stored nor yesterday has no list.
    expect(await failure(listItems(ctx, { propertyName: RIVERSIDE, day: "2026-10-01", zone: null }))).toMatchObject({
      status: 404,
      code: "list_not_found",
    });
  });

  it("after the retention purge a list can no longer change, and its review records stay, leading to no guest", async () => {
    const { items } = await storeDay(db(), sim, PURGED_DAY);
    const purgedList = listIn(items, RIVERSIDE, PURGED_DAY);
    const ctx = contextOf(db(), supervisor);
    await reviewArrival(ctx, reviewInput(purgedList[0]!));
    await purgeGuestData(db(), "2026-09-21", new Date("2026-12-20T00:00:00Z"));
    expect(await failure(reviewArrival(ctx, reviewInput(purgedList[1]!)))).toMatchObject({
      status: 410,
      code: "list_purged",
    });
    const [record] = (await reviewsOfDay(db(), viewer, PURGED_DAY)).reviews;
    expect(record).toMatchObject({ note: null });
    // The purge replaced the key that led to the guest: the record is final, and stays.
    expect(record!.itemKey).not.toBe(itemKeyOf(purgedList[0]!));
    const undo = undoArrivalReview(
      contextOf(db(), admin),
      undoReviewInput.parse({
        propertyName: RIVERSIDE,
        day: PURGED_DAY,
        itemKey: itemKeyOf(purgedList[0]!),
        reason: "Kept by mistake",
      }),
    );
    expect(await failure(undo)).toMatchObject({ status: 404, code: "review_not_found" });
    expect((await reviewsOfDay(db(), viewer, PURGED_DAY)).reviews).toHaveLength(1);
  });

  it("keeps reviews and a sign-off across closing and reopening the database", async () => {
    // Pulled before the database opens: opening PGlite on disk blocks the event loop for seconds, and a
    // keep-alive socket to the simulator left idle meanwhile can be reset under the next request.
    const { report, pulledAt } = await pullDay(sim, REOPENED_DAY);
    const store = await persistentDatabase(kind);
    let opened: OpenedDatabase | undefined;
    try {
      opened = await store.open();
      await storeReport(opened.db, "criminal-arrivals", report, {
        pulledAt,
        privacy: await readStorePrivacy(opened.db),
      });
      const reopenedList = listIn(report.items, RIVERSIDE, REOPENED_DAY);
      const signer = await person(opened.db, "supervisor", [RIVERSIDE], "Sam Supervisor");
      const ctx = contextOf(opened.db, signer);
      for (const item of reopenedList) await reviewArrival(ctx, reviewInput(item, "seen"));
      await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: REOPENED_DAY, note: "done" }));
      const before = await reviewsOfDay(opened.db, signer, REOPENED_DAY);
      await opened.close();
      opened = undefined;

      opened = await store.open();
      const after = await reviewsOfDay(opened.db, signer, REOPENED_DAY);
      expect(after).toEqual(before);
      expect(after.reviews).toHaveLength(reopenedList.length);
      expect(after.signOffs).toEqual([
        expect.objectContaining({ signerName: "Sam Supervisor", note: "done", itemCount: reopenedList.length }),
      ]);
      const queue = await reviewQueue(opened.db, signer, { now: new Date(), overdueHours: 24 });
      expect(queue.find((row) => row.propertyName === RIVERSIDE && row.day === REOPENED_DAY)).toBeUndefined();
    } finally {
      await opened?.close();
      await store.remove();
    }
  }, 60_000);
});
