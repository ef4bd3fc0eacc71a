import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { auditEvents } from "@/lib/server/db/schema";
import { createPersonAdmission } from "@/lib/server/person-admission";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullInstant } from "@/tests/support/partner-api";
import { pdfText } from "@/tests/support/pdf-text";
import { person, RIVERSIDE } from "@/tests/support/review";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import {
  auditRefusals,
  enterRecordRequest,
  noteRefusal,
  RECORD_FILE_LIMITS,
  recordFileFor,
  type RecordFile,
} from "./file";
import { renderRecordPdf } from "./pdf";
import { signOffRecordFor, type RecordContext } from "./server";
import { recordVoice } from "./voice";

const DAY = "2026-10-07";
const NOW = new Date("2026-11-23T10:00:00Z");

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim?.close();
});

const refused = (files: RecordFile[]) => files.filter((file) => !file.ok);
const drawn = (files: RecordFile[]) => files.filter((file) => file.ok);

describeEachDatabase("sign-off record files, bounded", (db) => {
  const riverside = { propertyName: RIVERSIDE, day: DAY, zone: null };
  const ctx = (actor: RecordContext["actor"]): RecordContext => ({
    db: db(),
    actor,
    clientAddress: "127.0.0.1",
    now: NOW,
  });

  beforeAll(async () => {
    const pulledAt = pullInstant(DAY);
    await sim.setClock(pulledAt.toISOString());
    try {
      const api = apiFor(sim);
      const privacy = await readStorePrivacy(db());
      await storeReport(db(), "criminal-arrivals", await api.criminalArrivals(), { pulledAt, privacy });
      await storeReport(db(), "guests", await api.guests(), { pulledAt, privacy });
    } finally {
      await sim.setClock(null);
    }
  });

  it("draws two of one person's files at once; the rest are refused at once with a time to come back, audited", async () => {
    const supervisor = await person(db(), "supervisor", [RIVERSIDE], "Sam Supervisor");
    const asked = 6;
    // Asked for together, as a burst of requests arrives: none is awaited before the next is asked.
    const files = await Promise.all(Array.from({ length: asked }, () => recordFileFor(ctx(supervisor), riverside)));

    expect(drawn(files)).toHaveLength(RECORD_FILE_LIMITS.perPerson);
    for (const file of drawn(files)) {
      if (!file.ok) continue;
      expect((await pdfText(file.pdf)).text).toContain("Criminal-arrival sign-off record");
    }
    expect(refused(files)).toHaveLength(asked - RECORD_FILE_LIMITS.perPerson);
    for (const file of refused(files)) {
      if (file.ok) continue;
      expect(file.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(file.message).toMatch(/^Daybook is drawing other sign-off records\. Try again in \d+ seconds?\.$/);
    }

    const entries = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, supervisor.id), eq(auditEvents.action, "record.pdf")));
    const busy = entries.filter((entry) => (entry.details as { reason?: string } | null)?.reason === "busy");
    expect(busy).toHaveLength(asked - RECORD_FILE_LIMITS.perPerson);
    for (const entry of busy) {
      expect(entry.outcome).toBe("failure");
      expect(entry.propertyName).toBe(RIVERSIDE);
      expect(entry.details).toMatchObject({ day: DAY });
    }
    expect(entries.filter((entry) => entry.outcome === "success")).toHaveLength(RECORD_FILE_LIMITS.perPerson);

    // Once those are done, the same person is drawn a file again.
    const again = await recordFileFor(ctx(supervisor), riverside);
    expect(again.ok).toBe(true);
  });

  it("beyond the files running and waiting in the process, anyone's is refused; the places come back", async () => {
    const people = await Promise.all(
      ["Ann", "Ben", "Cat", "Dan"].map((name) => person(db(), "supervisor", [RIVERSIDE], name)),
    );
    const admission = createPersonAdmission({ concurrency: 1, queue: 2, perPerson: 2 });
    const files = await Promise.all(people.map((actor) => recordFileFor(ctx(actor), riverside, admission)));
    expect(files.map((file) => file.ok)).toEqual([true, true, true, false]);
    expect(admission.inside).toBe(0);
    expect(people.map((actor) => admission.insideOf(actor.id))).toEqual([0, 0, 0, 0]);
  });

  it("lets the event loop turn while a file is drawn, so the probes and other requests are answered", async () => {
    const admin = await person(db(), "admin", "all", "Ada Admin");
    const view = await signOffRecordFor(ctx(admin), riverside, "pdf");
    // A long list: the day's guests several times over.
    const long = { ...view, guests: Array.from({ length: 8 }, () => view.guests).flat() };
    await renderRecordPdf(long, recordVoice()); // fonts read and parsed

    let finished = 0;
    const drawing = [renderRecordPdf(long, recordVoice()), renderRecordPdf(long, recordVoice())].map((pdf) =>
      pdf.finally(() => finished++),
    );
    // What a probe's request is to the event loop: a callback once the loop turns.
    const finishedWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    expect(finishedWhenTheLoopTurned).toBe(0);
    const pdfs = await Promise.all(drawing);
    expect((await pdfText(pdfs[0]!)).text).toContain(view.guests[0]!.name);
  });
});

describeEachDatabase("sign-off record requests of one sign-in, refused before any work", (db) => {
  const riverside = { propertyName: RIVERSIDE, day: DAY, zone: null };

  it("holds two of a sign-in's requests at once; the rest are refused, and audited once, as the person, when those end", async () => {
    const supervisor = await person(db(), "supervisor", [RIVERSIDE], "Sue Supervisor");
    const signIn = randomUUID();
    const ends: (() => void)[] = [];
    const held = Array.from({ length: RECORD_FILE_LIMITS.perPerson }, () =>
      enterRecordRequest(signIn, () => new Promise<void>((resolve) => ends.push(resolve))),
    );
    const refused = await Promise.all([1, 2, 3].map(() => enterRecordRequest(signIn, async () => "drawn")));
    expect(refused.map((answer) => answer.ok)).toEqual([false, false, false]);
    for (const answer of refused) {
      if (!answer.ok) noteRefusal(signIn, riverside, "127.0.0.9", answer.retryAfterSeconds);
    }

    const busyEntries = async () =>
      (
        await db()
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.actorId, supervisor.id), eq(auditEvents.action, "record.pdf")))
      ).filter((entry) => (entry.details as { reason?: string } | null)?.reason === "busy");

    // While requests of the sign-in are inside, nothing is written yet.
    ends[0]!();
    await held[0];
    await auditRefusals(signIn, supervisor, db());
    expect(await busyEntries()).toHaveLength(0);

    ends[1]!();
    await held[1];
    await auditRefusals(signIn, supervisor, db());
    const entries = await busyEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      outcome: "failure",
      propertyName: RIVERSIDE,
      clientAddress: "127.0.0.9",
      details: { day: DAY, reason: "busy", refused: 3 },
    });

    // Written once; the sign-in is let in again.
    await auditRefusals(signIn, supervisor, db());
    expect(await busyEntries()).toHaveLength(1);
    expect(await enterRecordRequest(signIn, async () => "drawn")).toEqual({ ok: true, value: "drawn" });
  });
});
