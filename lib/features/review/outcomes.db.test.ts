import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { formatClock } from "@/lib/core/format";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewQueue } from "@/lib/features/review/queue";
import {
  recordOutcomeInput,
  reviewItemInput,
  reviewListInput,
  signOffInput,
  undoReviewInput,
  undoSignOffInput,
} from "@/lib/features/review/schemas";
import {
  recordReviewOutcome,
  reviewArrival,
  reviewArrivalList,
  reviewsOfDay,
  signOffArrivalList,
  undoArrivalReview,
  undoArrivalSignOff,
  type ReviewActor,
} from "@/lib/features/review/server";
import { auditEvents, itemReviews, listSignOffs } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import type { CriminalArrival } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import {
  contextOf,
  HARBOUR,
  listIn,
  person,
  reviewBeforeOutcomes,
  RIVERSIDE,
  storeDay,
  ZURICH,
} from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/** Riverside's list of DAY is worked in the order of the tests; Harbour's of DAY stands for a list signed off before outcomes. */
const DAY = "2026-10-12";
const HOUR = 3_600_000;

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

const outcomeInput = (item: CriminalArrival, outcome: string, policeContacted = false) =>
  recordOutcomeInput.parse({
    propertyName: item.propertyName,
    day: item.checkInDateLocal,
    itemKey: itemKeyOf(item),
    outcome,
    policeContacted,
  });

async function failure(call: Promise<unknown>): Promise<{ status?: number; code?: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { status?: number; code?: string; message: string };
  }
  throw new Error("expected the call to fail");
}

/** The item's review row standing now. */
const rowOf = async (db: () => Database, item: CriminalArrival) =>
  (
    await db()
      .select()
      .from(itemReviews)
      .where(and(eq(itemReviews.itemKey, itemKeyOf(item)), isNull(itemReviews.undoneAt)))
  )[0];

describeEachDatabase("outcomes of reviews", (db) => {
  let list: CriminalArrival[];
  let harbour: CriminalArrival[];
  let pulledAt: Date;
  let supervisor: ReviewActor;
  let admin: ReviewActor;
  let stranger: ReviewActor;

  beforeAll(async () => {
    const stored = await storeDay(db(), sim, DAY);
    pulledAt = stored.pulledAt;
    list = listIn(stored.items, RIVERSIDE, DAY);
    harbour = listIn(stored.items, HARBOUR, DAY);
    supervisor = await person(db(), "supervisor", [RIVERSIDE, HARBOUR], "Sam Supervisor");
    admin = await person(db(), "admin", "all", "Ada Admin");
    stranger = await person(db(), "supervisor", [ZURICH], "Zoe Zürich");
  });

  it("a review keeps its outcome and police flag, and the arrival's match and source from Daybook's own copy", async () => {
    // Riverside's showcase guests guarantee several criminal arrivals every day.
    expect(list.length).toBeGreaterThanOrEqual(4);
    const [first] = list;
    const record = await reviewArrival(
      contextOf(db(), supervisor),
      reviewItemInput.parse({
        propertyName: RIVERSIDE,
        day: DAY,
        itemKey: itemKeyOf(first!),
        outcome: "false_match",
        policeContacted: true,
      }),
    );
    expect(record).toMatchObject({ outcome: "false_match", policeContacted: true });
    expect(await rowOf(db, first!)).toMatchObject({
      outcome: "false_match",
      policeContacted: true,
      hasCriminalRecord: first!.hasCriminalRecord,
      isSexOffender: first!.isSexualOffender,
      source: first!.source,
    });
    const seen = await reviewsOfDay(db(), supervisor, DAY);
    expect(seen.reviews.find((review) => review.itemKey === itemKeyOf(first!))).toMatchObject({
      outcome: "false_match",
      policeContacted: true,
    });
  });

  it("a review without an outcome, or with one Daybook does not know, is refused in words", () => {
    const base = { propertyName: RIVERSIDE, day: DAY, itemKey: itemKeyOf(list[1]!) };
    for (const outcome of [undefined, "", "probably", "CONFIRMED"]) {
      const parsed = reviewItemInput.safeParse({ ...base, outcome });
      expect(parsed.success, String(outcome)).toBe(false);
      expect(parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        // The catalogue's key: the action says it in the person's language (review.schema.outcomeRequired).
        ["outcome", "schema.outcomeRequired"],
      ]);
    }
    expect(reviewListInput.safeParse({ propertyName: RIVERSIDE, day: DAY }).success).toBe(false);
    // Police contacted is optional, and off unless ticked.
    expect(reviewItemInput.parse({ ...base, outcome: "confirmed" }).policeContacted).toBe(false);
  });

  it("a review from before outcomes holds the sign-off back, saying how many lack one, until its outcome is recorded", async () => {
    const ctx = contextOf(db(), supervisor);
    // Made before outcomes were asked: no outcome, no match, no source.
    const [, old] = list;
    await reviewBeforeOutcomes(db(), old!, supervisor, new Date(pulledAt.getTime() + HOUR));
    expect(await rowOf(db, old!)).toMatchObject({ outcome: null, policeContacted: false, source: null });
    expect(
      (await reviewsOfDay(db(), supervisor, DAY)).reviews.find((r) => r.itemKey === itemKeyOf(old!)),
    ).toMatchObject({ outcome: null, policeContacted: false });

    // The rest in one pass: the review from before keeps having no outcome.
    const pass = await reviewArrivalList(
      ctx,
      reviewListInput.parse({ propertyName: RIVERSIDE, day: DAY, outcome: "confirmed", note: "Passports compared." }),
    );
    expect(pass.map((review) => review.itemKey).sort()).toEqual(list.slice(2).map(itemKeyOf).sort());
    expect(pass.every((review) => review.outcome === "confirmed" && !review.policeContacted)).toBe(true);
    expect((await rowOf(db, old!))!.outcome).toBeNull();

    // The queue counts the outcomes, and the one missing.
    const row = (await reviewQueue(db(), supervisor, { now: pulledAt, overdueHours: 24 })).find(
      (entry) => entry.propertyName === RIVERSIDE && entry.day === DAY,
    )!;
    expect(row).toMatchObject({ items: list.length, reviewed: list.length });
    expect(row.outcomes).toEqual({
      counts: { confirmed: list.length - 2, false_match: 1, outdated: 0, unverified: 0 },
      missing: 1,
      policeContacted: 1,
    });

    // Every arrival is reviewed, one without an outcome: refused, with how many and which.
    const refused = await failure(signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: DAY })));
    expect(refused).toMatchObject({ status: 409, code: "outcomes_missing" });
    expect(refused.message).toBe(
      `1 of ${list.length} criminal arrivals has no outcome recorded yet (reviewed before outcomes were asked): ${old!.firstName} ${old!.lastName} (checked in ${formatClock(old!.checkInAtUtc, null)}). Record each one's outcome before signing off.`,
    );
    expect(await db().select().from(listSignOffs)).toEqual([]);

    // The outcome recorded on that review: the list is signed off.
    const recorded = await recordReviewOutcome(ctx, outcomeInput(old!, "outdated", true));
    expect(recorded).toMatchObject({ itemKey: itemKeyOf(old!), reviewerName: "Sam Supervisor", outcome: "outdated" });
    expect(await rowOf(db, old!)).toMatchObject({
      outcome: "outdated",
      policeContacted: true,
      hasCriminalRecord: old!.hasCriminalRecord,
      isSexOffender: old!.isSexualOffender,
      source: old!.source,
      // Still the review it was: who and when stay.
      reviewedAt: new Date(pulledAt.getTime() + HOUR),
    });
    const audits = (
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "review.item"), eq(auditEvents.actorId, supervisor.id)))
    ).filter((entry) => (entry.details as { recorded?: string }).recorded);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      propertyName: RIVERSIDE,
      target: `criminal arrivals ${DAY}`,
      outcome: "success",
      details: {
        recorded: "outcome of an earlier review",
        matchOutcome: "outdated",
        policeContacted: true,
        checkInAtUtc: old!.checkInAtUtc,
      },
    });
    expect(JSON.stringify(audits[0])).not.toContain(old!.lastName);

    const signOff = await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: DAY }));
    expect(signOff).toMatchObject({ itemCount: list.length, signerName: "Sam Supervisor" });
  });

  it("an outcome is recorded once, only on a review standing, by a supervisor of the property, while the list is open", async () => {
    const ctx = contextOf(db(), supervisor);
    // Signed off: nothing changes.
    expect(await failure(recordReviewOutcome(ctx, outcomeInput(list[1]!, "confirmed")))).toMatchObject({
      status: 409,
      code: "list_signed_off",
    });
    await undoArrivalSignOff(
      contextOf(db(), admin),
      undoSignOffInput.parse({ propertyName: RIVERSIDE, day: DAY, reason: "Reopened to check the outcomes." }),
    );
    // An outcome once recorded stays; an admin's undo of the review is the way to another.
    const again = await failure(recordReviewOutcome(ctx, outcomeInput(list[1]!, "confirmed")));
    expect(again).toMatchObject({ status: 409, code: "outcome_recorded" });
    expect(again.message).toContain("(Record outdated)");
    expect((await rowOf(db, list[1]!))!.outcome).toBe("outdated");
    // Admins undo, they do not review; another property's supervisor is told there is no such list.
    expect(
      await failure(recordReviewOutcome(contextOf(db(), admin), outcomeInput(list[1]!, "confirmed"))),
    ).toMatchObject({ status: 403, code: "forbidden" });
    expect(
      await failure(recordReviewOutcome(contextOf(db(), stranger), outcomeInput(list[1]!, "confirmed"))),
    ).toMatchObject({ status: 404, code: "list_not_found" });
    // An arrival with no review has nothing to record an outcome on: it is reviewed instead.
    const unreviewed = harbour[0];
    expect(unreviewed).toBeDefined();
    expect(await failure(recordReviewOutcome(ctx, outcomeInput(unreviewed!, "confirmed")))).toMatchObject({
      status: 404,
      code: "review_not_found",
    });
    // Refusals are audited for the list one may not have.
    const refused = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, stranger.id), eq(auditEvents.outcome, "failure")));
    expect(refused.map((entry) => entry.action)).toEqual(["review.item"]);
    await signOffArrivalList(ctx, signOffInput.parse({ propertyName: RIVERSIDE, day: DAY }));
  });

  it("a sign-off that stood before outcomes stays as it is, its reviews without one; a list missing both says both", async () => {
    // Harbour's list signed off before outcomes were asked: its sign-off and reviews as they were kept.
    expect(harbour.length).toBeGreaterThanOrEqual(2);
    for (const item of harbour) await reviewBeforeOutcomes(db(), item, supervisor);
    await db().insert(listSignOffs).values({
      propertyName: HARBOUR,
      listDate: DAY,
      signedOffBy: supervisor.id,
      signerEmail: supervisor.email,
      signerName: supervisor.name,
      itemCount: harbour.length,
    });
    const day = await reviewsOfDay(db(), supervisor, DAY);
    expect(day.signOffs.map((signOff) => signOff.propertyName).sort()).toEqual([HARBOUR, RIVERSIDE].sort());
    expect(day.reviews.filter((review) => review.propertyName === HARBOUR).map((review) => review.outcome)).toEqual(
      harbour.map(() => null),
    );
    // No outcome can be recorded on a list that is signed off; the sign-off stays.
    expect(
      await failure(recordReviewOutcome(contextOf(db(), supervisor), outcomeInput(harbour[0]!, "confirmed"))),
    ).toMatchObject({ status: 409, code: "list_signed_off" });

    // Reopened with one review undone: the refusal names the arrival not reviewed, then those without an outcome.
    await undoArrivalSignOff(
      contextOf(db(), admin),
      undoSignOffInput.parse({ propertyName: HARBOUR, day: DAY, reason: "Outcomes to record." }),
    );
    await undoArrivalReview(
      contextOf(db(), admin),
      undoReviewInput.parse({
        propertyName: HARBOUR,
        day: DAY,
        itemKey: itemKeyOf(harbour[0]!),
        reason: "Wrong guest",
      }),
    );
    const both = await failure(
      signOffArrivalList(contextOf(db(), supervisor), signOffInput.parse({ propertyName: HARBOUR, day: DAY })),
    );
    expect(both).toMatchObject({ status: 409, code: "items_not_reviewed" });
    expect(both.message).toMatch(
      new RegExp(
        `^1 of ${harbour.length} criminal arrivals are not reviewed yet: .*\\. Review each before signing off\\. ${harbour.length - 1} of ${harbour.length} criminal arrivals reviewed before outcomes were asked ha(s|ve) no outcome recorded yet: .*\\. Record each one's outcome before signing off\\.$`,
      ),
    );
  });
});
