import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewItemInput, reviewListInput, signOffInput } from "@/lib/features/review/schemas";
import { reviewArrival, reviewArrivalList, signOffArrivalList, type ReviewActor } from "@/lib/features/review/server";
import { auditEvents, itemReviews } from "@/lib/server/db/schema";
import type { CriminalArrival } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { contextOf, listIn, person, RIVERSIDE, storeDay, ZURICH } from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const DAY = "2026-10-05";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

const listInput = (note?: string) =>
  reviewListInput.parse({ propertyName: RIVERSIDE, day: DAY, outcome: "unverified", policeContacted: true, note });

describeEachDatabase("reviewing a whole list in one pass", (db) => {
  let list: CriminalArrival[];
  let supervisor: ReviewActor;
  let stranger: ReviewActor;
  let admin: ReviewActor;

  beforeAll(async () => {
    list = listIn((await storeDay(db(), sim, DAY)).items, RIVERSIDE, DAY);
    supervisor = await person(db(), "supervisor", [RIVERSIDE], "Sam Supervisor");
    stranger = await person(db(), "supervisor", [ZURICH], "Zoe Zürich");
    admin = await person(db(), "admin", "all", "Ada Admin");
  });

  it("reviews every arrival not reviewed yet, each on its own with the one note and its own audit entry", async () => {
    // Riverside's showcase guests guarantee several criminal arrivals every day.
    expect(list.length).toBeGreaterThanOrEqual(3);
    const first = list[0]!;
    await reviewArrival(
      contextOf(db(), supervisor),
      reviewItemInput.parse({
        propertyName: RIVERSIDE,
        day: DAY,
        itemKey: itemKeyOf(first),
        outcome: "false_match",
        note: "Seen at the desk.",
      }),
    );

    const made = await reviewArrivalList(contextOf(db(), supervisor), listInput("  Checked with the night manager. "));
    expect(made.map((review) => review.itemKey).sort()).toEqual(list.slice(1).map(itemKeyOf).sort());
    expect(
      new Set(
        made.map((review) => `${review.reviewerName} · ${review.note} · ${review.outcome} · ${review.policeContacted}`),
      ),
    ).toEqual(new Set(["Sam Supervisor · Checked with the night manager. · unverified · true"]));

    const standing = await db().select().from(itemReviews).where(eq(itemReviews.listDate, DAY));
    expect(standing).toHaveLength(list.length);
    // The one reviewed before keeps its own review, outcome and note.
    expect(standing.find((row) => row.itemKey === itemKeyOf(first))).toMatchObject({
      note: "Seen at the desk.",
      outcome: "false_match",
      policeContacted: false,
    });
    // Each review made in the pass keeps its own arrival's match and source.
    for (const item of list.slice(1))
      expect(standing.find((row) => row.itemKey === itemKeyOf(item))).toMatchObject({
        outcome: "unverified",
        policeContacted: true,
        hasCriminalRecord: item.hasCriminalRecord,
        isSexOffender: item.isSexualOffender,
        source: item.source,
      });

    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "review.item"), eq(auditEvents.actorId, supervisor.id)));
    expect(audited).toHaveLength(list.length);
    const inOnePass = audited.filter((entry) => (entry.details as { wholeList?: boolean }).wholeList);
    expect(inOnePass.map((entry) => (entry.details as { checkInAtUtc: string }).checkInAtUtc).sort()).toEqual(
      list
        .slice(1)
        .map((item) => item.checkInAtUtc)
        .sort(),
    );
    for (const entry of inOnePass) {
      expect(entry).toMatchObject({ propertyName: RIVERSIDE, outcome: "success", target: `criminal arrivals ${DAY}` });
      // The note's length, never its words; the outcome the pass set.
      expect(entry.details).toMatchObject({
        noteLength: "Checked with the night manager.".length,
        matchOutcome: "unverified",
        policeContacted: true,
      });
    }

    // Nothing left: a second pass makes no review and no audit entry.
    expect(await reviewArrivalList(contextOf(db(), supervisor), listInput())).toEqual([]);
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "review.item"), eq(auditEvents.actorId, supervisor.id))),
    ).toHaveLength(list.length);
  });

  it("is refused to an admin, to a supervisor of other properties, and once the list is signed off", async () => {
    await expect(reviewArrivalList(contextOf(db(), admin), listInput())).rejects.toMatchObject({ status: 403 });
    await expect(reviewArrivalList(contextOf(db(), stranger), listInput())).rejects.toMatchObject({
      status: 404,
      code: "list_not_found",
    });
    await signOffArrivalList(contextOf(db(), supervisor), signOffInput.parse({ propertyName: RIVERSIDE, day: DAY }));
    await expect(reviewArrivalList(contextOf(db(), supervisor), listInput())).rejects.toMatchObject({
      status: 409,
      code: "list_signed_off",
    });
  });
});
