import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { formatInstant } from "@/lib/core/format";
import { MALFORMED_TEXT_CODE } from "@/lib/core/text-input";
import { keptGuestParts, purgeGuestParts, storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { reviewItemInput, signOffInput } from "@/lib/features/review/schemas";
import { reviewArrival, signOffArrivalList, type ReviewActor } from "@/lib/features/review/server";
import { purgeGuestData } from "@/lib/features/sync/run";
import { auditEvents } from "@/lib/server/db/schema";
import { failureOf } from "@/lib/server/http/failure";
import type { CriminalArrival, GuestArrival } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullInstant } from "@/tests/support/partner-api";
import { pdfText } from "@/tests/support/pdf-text";
import { contextOf, HARBOUR, listIn, person, RIVERSIDE, ZURICH } from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { renderRecordPdf } from "./pdf";
import { recordQueryFor, signOffRecordFor, type RecordContext } from "./server";
import { recordVoice } from "./voice";

/** A Zürich regional manager who reads French, on the 24-hour clock. */
const ZURICH_FRENCH = { language: "fr", region: "fr-CH", hourCycle: "h23", weekStart: 1 } as const;

const DAY = "2026-10-07";
const PURGED_DAY = "2026-09-22";
const NEVER_STORED = "2026-08-01";
const NOW = new Date("2026-11-23T10:00:00Z");

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

/** The three reports of `day` as the simulator serves them at the day's pull. */
async function pullAll(day: string) {
  const pulledAt = pullInstant(day);
  await sim.setClock(pulledAt.toISOString());
  try {
    const api = apiFor(sim);
    return { criminal: await api.criminalArrivals(), guests: await api.guests(), usage: await api.usage(), pulledAt };
  } finally {
    await sim.setClock(null);
  }
}

const sameGuest = (guest: GuestArrival, item: CriminalArrival) =>
  guest.propertyName === item.propertyName &&
  guest.checkInAtUtc === item.checkInAtUtc &&
  guest.firstName === item.firstName &&
  guest.lastName === item.lastName;

async function failure(call: Promise<unknown>): Promise<{ status?: number; code?: string }> {
  try {
    await call;
  } catch (error) {
    return error as { status?: number; code?: string };
  }
  throw new Error("expected the call to fail");
}

describeEachDatabase("sign-off record", (db) => {
  let list: CriminalArrival[];
  let guests: GuestArrival[];
  let generatedAt: string;
  let supervisor: ReviewActor;
  let regional: ReviewActor;
  let admin: ReviewActor;
  let viewer: ReviewActor;
  let stranger: ReviewActor;
  const ctx = (actor: ReviewActor): RecordContext => ({ db: db(), actor, clientAddress: "127.0.0.1", now: NOW });
  const riverside = (day = DAY) => ({ propertyName: RIVERSIDE, day, zone: null });

  beforeAll(async () => {
    const pulled = await pullAll(DAY);
    for (const [endpoint, report] of [
      ["criminal-arrivals", pulled.criminal],
      ["guests", pulled.guests],
      ["usage", pulled.usage],
    ] as const)
      await storeReport(db(), endpoint, report, { pulledAt: pulled.pulledAt, privacy: await readStorePrivacy(db()) });
    list = listIn(pulled.criminal.items, RIVERSIDE, DAY);
    guests = pulled.guests.items;
    generatedAt = pulled.usage.reportGeneratedAt;
    supervisor = await person(db(), "supervisor", [RIVERSIDE, HARBOUR], "Sam Supervisor");
    regional = await person(db(), "regional", [RIVERSIDE], "Rhea Regional");
    admin = await person(db(), "admin", "all", "Ada Admin");
    viewer = await person(db(), "viewer", [RIVERSIDE], "Vic Viewer");
    stranger = await person(db(), "supervisor", [ZURICH], "Zoe Zürich");

    // Every guest reviewed, the first with a note as a false match the police were called about,
    // the rest confirmed; then the list signed off with a note.
    const review = contextOf(db(), supervisor);
    for (const [index, item] of list.entries())
      await reviewArrival(
        review,
        reviewItemInput.parse({
          propertyName: RIVERSIDE,
          day: DAY,
          itemKey: itemKeyOf(item),
          outcome: index === 0 ? "false_match" : "confirmed",
          policeContacted: index === 0,
          note: index === 0 ? "Called the night manager." : undefined,
        }),
      );
    await signOffArrivalList(
      review,
      signOffInput.parse({ propertyName: RIVERSIDE, day: DAY, note: "All checked with the desk." }),
    );
  });

  it("assembles the stored list as reviewed: names, masked numbers, reviews, the sign-off and the copy's times", async () => {
    expect(list.length).toBeGreaterThanOrEqual(3);
    const view = await signOffRecordFor(ctx(supervisor), riverside(), "print");
    expect(view.guestData).toBe("kept");
    expect(view.guests.map((guest) => guest.name).sort()).toEqual(
      list.map((item) => `${item.firstName} ${item.lastName}`).sort(),
    );
    for (const guest of view.guests) {
      const item = list.find((candidate) => `${candidate.firstName} ${candidate.lastName}` === guest.name)!;
      const stored = guests.find((candidate) => sameGuest(candidate, item))!;
      // Masked to the last 4 characters, never the whole number.
      expect(guest.identification).toMatch(/^•+/);
      expect(guest.identification.endsWith(stored.identificationNumber.slice(-4))).toBe(true);
      expect(guest.identification).not.toContain(stored.identificationNumber);
      expect(guest.review?.by).toBe("Sam Supervisor");
    }
    expect(view.guests.map((guest) => guest.review?.note).filter(Boolean)).toEqual(["Called the night manager."]);
    // Each review's outcome, the police beside the one they were called about.
    const first = view.guests.find((guest) => guest.review?.note === "Called the night manager.")!;
    expect(first.review).toMatchObject({ outcome: "Not the same person", policeContacted: true });
    expect(view.guests.filter((guest) => guest.review?.outcome === "Same person, confirmed")).toHaveLength(
      list.length - 1,
    );
    expect(view.outcomes).toBe(
      `${list.length - 1} same person, confirmed; 1 not the same person; police contacted for 1`,
    );
    // The property's false matches over the 90 days to the list's day: these reviews alone, too few to judge.
    expect(view.falseMatch.text).toBe(
      `In the 90 days to Oct 7, 2026: Too few to judge: 1 of ${list.length} matches not the same person (${list.length - 1} confirmed, 0 records outdated); a rate is given from 10 matches decided.`,
    );
    expect(view.signOff).toMatchObject({
      by: "Sam Supervisor",
      note: "All checked with the desk.",
      itemCount: list.length,
    });
    expect(view.copy.pulled).toBe(formatInstant(pullInstant(DAY).toISOString()));
    expect(view.copy.generated).toBe(formatInstant(generatedAt));
  });

  it("audits every print view and every file with the property and the day, and no guest", async () => {
    await signOffRecordFor(ctx(regional), riverside(), "pdf");
    const entries = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, regional.id), eq(auditEvents.action, "record.pdf")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      target: `sign-off record ${DAY}`,
      propertyName: RIVERSIDE,
      outcome: "success",
      details: { day: DAY, guestCount: list.length, signedOff: true },
    });
    const prints = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, supervisor.id), eq(auditEvents.action, "record.print")));
    expect(prints.length).toBeGreaterThanOrEqual(1);
    for (const entry of [...entries, ...prints])
      for (const item of list) expect(JSON.stringify(entry)).not.toContain(item.lastName);
  });

  it("draws the PDF with the same text: names in every script, masked numbers, reviews, outcomes, notes and the sign-off", async () => {
    const view = await signOffRecordFor(ctx(admin), riverside(), "pdf");
    const { text, title } = await pdfText(await renderRecordPdf(view, recordVoice()));
    expect(title).toBe(view.title);
    for (const guest of view.guests) {
      expect(text).toContain(guest.name);
      expect(text).toContain(guest.identification);
    }
    for (const item of list) {
      const stored = guests.find((candidate) => sameGuest(candidate, item))!;
      expect(text).not.toContain(stored.identificationNumber);
    }
    expect(text).toContain("Called the night manager.");
    expect(text).toContain(view.signOff!.text);
    expect(text).toContain("All checked with the desk.");
    expect(text).toContain(`Day computed by the API at: ${view.copy.generated}`);
    // Each review's outcome, the list's outcomes and the property's false-match rate, as on the page.
    expect(text).toContain("Outcome: Not the same person; police contacted");
    expect(text.split("Outcome: Same person, confirmed")).toHaveLength(list.length);
    const words = text.replace(/\s+/g, " ");
    expect(words).toContain(`Outcomes: ${view.outcomes}`);
    expect(words).toContain(`${view.falseMatch.label}: ${view.falseMatch.text}`);
  });

  it("draws the PDF in the words and formats of the person who downloads it", async () => {
    const view = await signOffRecordFor({ ...ctx(admin), locale: ZURICH_FRENCH }, riverside(), "pdf");
    const { text, title } = await pdfText(await renderRecordPdf(view, recordVoice(ZURICH_FRENCH)));
    expect(title).toBe(view.title);
    expect(title).toMatch(/^Registre de validation des arrivées à antécédents : /);
    const words = text.replace(/\s+/g, " ");
    // French words, accents and apostrophes as drawn: the embedded font has every one of them.
    for (const label of [
      "Numéro d’identification : ",
      "Date locale à l’établissement : ",
      "Prise en compte à la réception (selon l’API) : ",
    ])
      expect(words).toContain(label);
    expect(words).toContain(`Résultats : ${view.outcomes}`);
    expect(words).toContain("Résultat : Pas la même personne ; police contactée");
    // The Swiss formats on a 24-hour clock: day first, no AM or PM.
    expect(view.signOff!.text).toMatch(/^Validé par .+ le \d{1,2} \S+ 2026, \d{2}:\d{2} /);
    expect(words).not.toMatch(/\b[AP]M\b/);
    expect(words).toMatch(/page 1 sur \d+/);
    for (const guest of view.guests) expect(text).toContain(guest.name);
  });

  it("refuses property managers, and answers a property the person does not see as no list (audited)", async () => {
    expect(await failure(signOffRecordFor(ctx(viewer), riverside(), "print"))).toMatchObject({ status: 403 });
    expect(await failure(signOffRecordFor(ctx(stranger), riverside(), "pdf"))).toMatchObject({
      status: 404,
      code: "record_not_found",
    });
    const [refused] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, stranger.id), eq(auditEvents.action, "record.pdf")));
    expect(refused).toMatchObject({
      outcome: "failure",
      propertyName: RIVERSIDE,
      details: { reason: "not available" },
    });
  });

  it("refuses a property holding a control character or half a surrogate pair (400), audited without the value", async () => {
    const probes = [
      ["pdf", "Outback Rest\u0000"],
      ["print", "Outback Rest\u0085"],
      ["pdf", "Outback Rest\uD83D"],
    ] as const;
    for (const [medium, property] of probes) {
      const parsed = await recordQueryFor(ctx(stranger), { property, day: DAY }, medium);
      expect(parsed.success, JSON.stringify(property)).toBe(false);
      expect(failureOf(parsed.error)).toMatchObject({ status: 400, body: { error: { code: MALFORMED_TEXT_CODE } } });
    }
    const entries = await db().select().from(auditEvents).where(eq(auditEvents.actorId, stranger.id));
    const malformed = entries.filter((entry) => (entry.details as { reason?: string }).reason === "malformed input");
    expect(malformed.map((entry) => entry.action)).toEqual(["record.pdf", "record.print", "record.pdf"]);
    for (const entry of malformed) {
      expect(entry).toMatchObject({
        outcome: "failure",
        target: "sign-off record",
        propertyName: null,
        clientAddress: "127.0.0.1",
        details: { reason: "malformed input", fields: ["property"] },
      });
      expect(JSON.stringify(entry)).not.toContain("Outback");
    }
    // A clean query is read as before, and not audited here (the record itself is).
    expect((await recordQueryFor(ctx(stranger), { property: "Outback Rest 😀", day: DAY }, "pdf")).success).toBe(true);
  });

  it("words the query's refusals, its own and zod's, in the reader's language", async () => {
    const french = {
      ...ctx(stranger),
      locale: { language: "fr", region: "fr-CA", hourCycle: "h23", weekStart: 7 } as const,
    };
    const message = async (context: RecordContext, query: Record<string, string>) =>
      (await recordQueryFor(context, query, "print")).error?.issues[0]?.message;
    expect(await message(french, { property: "x".repeat(201), day: DAY })).toBe(
      "Trop grand : chaîne de caractères doit avoir <=200 caractères",
    );
    expect(await message(french, { property: "Outback Rest", day: "2026-02-30" })).toBe(
      "Daybook ne peut pas lire ce jour ; les jours s’écrivent AAAA-MM-JJ.",
    );
    expect(await message(ctx(stranger), { property: "x".repeat(201), day: DAY })).toBe(
      "Too big: expected string to have <=200 characters",
    );
    expect(await message(ctx(stranger), { property: "Outback Rest", day: "2026-02-30" })).toBe(
      "That is not a day Daybook can read; days are written YYYY-MM-DD.",
    );
  });

  it("answers a day never stored, or a property with no list that day, as no record", async () => {
    expect(await failure(signOffRecordFor(ctx(admin), riverside(NEVER_STORED), "print"))).toMatchObject({
      status: 404,
    });
    expect(
      await failure(signOffRecordFor(ctx(admin), { propertyName: "No Such Inn", day: DAY, zone: null }, "print")),
    ).toMatchObject({ status: 404 });
  });

  it("after the retention purge the page says the guest details are gone and keeps the sign-off; the file is 410", async () => {
    const pulled = await pullAll(PURGED_DAY);
    await storeReport(db(), "criminal-arrivals", pulled.criminal, {
      pulledAt: pulled.pulledAt,
      privacy: await readStorePrivacy(db()),
    });
    const purgedList = listIn(pulled.criminal.items, RIVERSIDE, PURGED_DAY);
    const review = contextOf(db(), supervisor);
    for (const item of purgedList)
      await reviewArrival(
        review,
        reviewItemInput.parse({
          propertyName: RIVERSIDE,
          day: PURGED_DAY,
          itemKey: itemKeyOf(item),
          outcome: "outdated",
        }),
      );
    await signOffArrivalList(review, signOffInput.parse({ propertyName: RIVERSIDE, day: PURGED_DAY }));
    await purgeGuestData(db(), "2026-09-23", NOW);

    const view = await signOffRecordFor(ctx(supervisor), riverside(PURGED_DAY), "print");
    expect(view.guestData).toBe("purged");
    expect(view.guests).toEqual([]);
    expect(view.purgedText).toContain("removed");
    expect(view.signOff?.by).toBe("Sam Supervisor");
    expect(view.summary).toBe(`${purgedList.length} reviews kept without guest details`);
    // The outcomes outlive the guest details, and so does the property's false-match figure.
    expect(view.outcomes).toBe(`${purgedList.length} record outdated`);
    expect(view.falseMatch.text).toMatch(/^In the 90 days to Sep 22, 2026: /);
    expect(await failure(signOffRecordFor(ctx(supervisor), riverside(PURGED_DAY), "pdf"))).toMatchObject({
      status: 410,
      code: "record_purged",
    });
  });

  it("a list whose property's own part retention removed says so, while another property's list of the day stays whole", async () => {
    const day = "2026-09-30";
    const pulled = await pullAll(day);
    await storeReport(db(), "criminal-arrivals", pulled.criminal, {
      pulledAt: pulled.pulledAt,
      privacy: await readStorePrivacy(db()),
    });
    const other = pulled.criminal.items.find(
      (item) => item.propertyName !== RIVERSIDE && item.propertyName !== "Seaside Suites",
    )!;
    expect(listIn(pulled.criminal.items, RIVERSIDE, day).length).toBeGreaterThan(0);
    const parts = (await keptGuestParts(db(), "2026-10-01")).filter(
      (part) => part.day === day && part.propertyName === RIVERSIDE,
    );
    await purgeGuestParts(db(), parts, NOW);

    const purged = await signOffRecordFor(ctx(admin), riverside(day), "print");
    expect(purged.guestData).toBe("purged");
    expect(purged.guests).toEqual([]);
    expect(await failure(signOffRecordFor(ctx(admin), riverside(day), "pdf"))).toMatchObject({ status: 410 });
    const kept = await signOffRecordFor(ctx(admin), { propertyName: other.propertyName, day, zone: null }, "print");
    expect(kept.guestData).not.toBe("purged");
    expect(kept.guests.length).toBeGreaterThan(0);
  });
});
