import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addDays } from "@/lib/core/days";
import { normalizeDocumentNumber } from "@/lib/core/privacy";
import { readStoredCriminalArrivals } from "@/lib/features/history/criminal-range";
import {
  readStoredCriminalArrivalSummaries,
  readStoredGuestField,
  readStoredReport,
} from "@/lib/features/history/store";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { runSync } from "@/lib/features/sync/run";
import { findPostgresTools, libpqEnvironment, runTool } from "@/lib/server/backup/postgres-tools";
import { IN_MEMORY, openDatabase, type Database, type OpenedDatabase } from "@/lib/server/db/open";
import {
  auditEvents,
  itemReviews,
  listSignOffs,
  privacyAssignments,
  privacyPolicies,
  privacyRequests,
  purgeLog,
  storedItems,
} from "@/lib/server/db/schema";
import { configureLog } from "@/lib/server/log";
import type { CriminalArrival, GuestArrival } from "@/lib/server/partner-api/schemas";
import { processSlot } from "@/lib/server/process-state";
import { createPostgresDatabase, DATABASE_KINDS } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import * as requests from "./service";
import type { PersonPlaces } from "./types";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

/** The days every suite pulls first; later tests pull the days after. */
const DAYS = ["2026-11-19", "2026-11-20", "2026-11-21"];
const pullOf = (day: string) => pullTime(addDays(day, 1));
const COMMAND: requests.Requester = { actor: null, by: "test", scope: requests.WHOLE_GROUP };
const NOW = new Date("2026-11-23T12:00:00Z");
const CTX = { clientAddress: null, now: NOW };

interface Served {
  guests: GuestArrival[];
  criminal: CriminalArrival[];
}

/** A guest and everything the simulator served of them (their guest arrivals and the criminal arrivals of the same check-ins). */
interface Person {
  guest: GuestArrival;
  guests: GuestArrival[];
  criminal: CriminalArrival[];
}

const samePerson = (a: GuestArrival, b: GuestArrival) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.dateOfBirth === b.dateOfBirth;

function personOf(served: Served, guest: GuestArrival): Person {
  const guests = served.guests.filter((other) => samePerson(other, guest));
  const checkIns = new Set(guests.map((item) => JSON.stringify([item.propertyName, item.checkInAtUtc])));
  const criminal = served.criminal.filter(
    (item) =>
      item.firstName === guest.firstName &&
      item.lastName === guest.lastName &&
      checkIns.has(JSON.stringify([item.propertyName, item.checkInAtUtc])),
  );
  return { guest, guests, criminal };
}

/** What identifies the guest in stored data, in the forms it may be stored in. */
function identifying(guest: GuestArrival): string[] {
  return [
    guest.lastName,
    guest.dateOfBirth.slice(0, 10),
    guest.identificationNumber,
    normalizeDocumentNumber(guest.identificationNumber),
    guest.address,
    guest.email,
    guest.phone,
  ].filter((value): value is string => value !== null && value.length >= 4);
}

/**
 * A guest whose identifying values appear nowhere in what was served but in their own arrivals, so
 * that a dump holding any of them after the erasure can only be holding the guest.
 */
function pickGuest(served: Served, options: { withCriminal: boolean; not: readonly GuestArrival[] }): Person {
  const texts = [
    ...served.guests.map((item) => ({ item, text: JSON.stringify(item) })),
    ...served.criminal.map((item) => ({ item, text: JSON.stringify(item) })),
  ];
  for (const guest of served.guests) {
    if (!guest.firstName || !guest.lastName || options.not.some((other) => samePerson(other, guest))) continue;
    const person = personOf(served, guest);
    if (options.withCriminal !== person.criminal.length > 0) continue;
    const own = new Set<unknown>([...person.guests, ...person.criminal]);
    const unique = identifying(guest).every((value) =>
      texts.every(({ item, text }) => own.has(item) || !text.includes(value)),
    );
    if (unique) return person;
  }
  throw new Error("no guest fits");
}

async function dumpOf(db: Database, kind: string, url: string | null): Promise<string> {
  if (kind === "postgres") {
    const version = await db.execute<{ server_version_num: string }>(sql.raw("show server_version_num"));
    const major = Math.floor(Number(version.rows[0]!.server_version_num) / 10_000);
    const tools = await findPostgresTools(major);
    const dump = await runTool(tools.pgDump, ["--data-only"], libpqEnvironment(url!, "daybook-test"));
    expect(dump.code).toBe(0);
    return dump.stdout;
  }
  // PGlite has no pg_dump: every row of every table, as text.
  const tables = await db.execute<{ name: string }>(
    sql.raw(
      "select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    ),
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const [schema, table] = name.split(".");
    const rows = await db.execute<{ row: string }>(sql.raw(`select t::text as row from "${schema}"."${table}" t`));
    parts.push(`-- ${name}`, ...rows.rows.map((row) => row.row));
  }
  return parts.join("\n");
}

for (const kind of DATABASE_KINDS) {
  describe(`guests' privacy requests (${kind})`, () => {
    let opened: OpenedDatabase;
    let url: string | null = null;
    let drop: (() => Promise<void>) | null = null;
    const served: Served = { guests: [], criminal: [] };
    /** Guests erased by a test: the tests after it pick others. */
    const erased: GuestArrival[] = [];
    const db = () => opened.db;

    async function pull(day: string) {
      const at = pullOf(day);
      await sim.setClock(at);
      const api = apiFor(sim);
      const [guests, criminal] = await Promise.all([api.guests(), api.criminalArrivals()]);
      served.guests.push(...guests.items);
      served.criminal.push(...criminal.items);
      const result = await runSync(db(), api, { now: new Date(at), trigger: "command" });
      if (result.status !== "finished") throw new Error("the pull was skipped");
    }

    beforeAll(async () => {
      if (kind === "postgres") {
        const created = await createPostgresDatabase();
        url = created.url;
        drop = created.drop;
        opened = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
      } else {
        opened = await openDatabase({ dataDir: IN_MEMORY });
      }
      await sim.reset();
      for (const day of DAYS) await pull(day);
    }, 180_000);
    afterAll(async () => {
      await opened?.close();
      await drop?.();
    });

    const byName = (guest: GuestArrival) => ({
      by: "name and date of birth" as const,
      name: `${guest.firstName} ${guest.lastName}`,
      dateOfBirth: guest.dateOfBirth.slice(0, 10),
    });
    const byDocument = (guest: GuestArrival) => ({
      by: "document number" as const,
      documentNumber: guest.identificationNumber,
    });

    async function open(kind: "access" | "erasure" | "restriction", guest: GuestArrival, receivedOn?: string) {
      return requests.openRequest(db(), COMMAND, { kind, reference: "T-1", receivedOn, person: byName(guest) }, CTX);
    }

    it("finds a guest by name and date of birth, and by document number, with the criminal arrival of the same check-in", async () => {
      const person = pickGuest(served, { withCriminal: true, not: [] });
      const found = await requests.findPerson(db(), COMMAND, byName(person.guest), CTX);
      expect(found.arrivals.filter((arrival) => arrival.endpoint === "guests")).toHaveLength(person.guests.length);
      expect(found.arrivals.filter((arrival) => arrival.endpoint === "criminal-arrivals")).toHaveLength(
        person.criminal.length,
      );
      expect(new Set(found.arrivals.map((arrival) => arrival.matchedOn))).toEqual(
        new Set(["name and date of birth", "same arrival"]),
      );
      expect(found.properties).toContain(person.guest.propertyName);

      // Typed as a person would: other case, spaces and dashes.
      const typed = ` ${person.guest.identificationNumber.toLowerCase().split("").join(" ")} `;
      const byNumber = await requests.findPerson(db(), COMMAND, { by: "document number", documentNumber: typed }, CTX);
      expect(byNumber.arrivals.map((arrival) => arrival.matchedOn)).toContain("document number");
      expect(byNumber.arrivals).toHaveLength(found.arrivals.length);

      const nobody = await requests.findPerson(
        db(),
        COMMAND,
        { ...byName(person.guest), dateOfBirth: "1901-01-01" },
        CTX,
      );
      expect(nobody.arrivals).toEqual([]);
    });

    it("lists a match on the name alone where the policy did not keep the date of birth as possible, never acted on", async () => {
      const [policy] = await db()
        .insert(privacyPolicies)
        .values({
          name: "No birth dates",
          kept: { dateOfBirth: false, address: true, email: true, phone: true, document: true, offenseDetails: true },
        })
        .returning();
      const propertyName = served.guests.find((guest) => guest.checkInDateLocal === "2026-11-21")!.propertyName;
      await db().insert(privacyAssignments).values({ propertyName, policyId: policy!.id });
      const before = served.guests.length;
      await pull("2026-11-22");
      const newDay = served.guests.slice(before).filter((guest) => guest.propertyName === propertyName);
      const guest = newDay.find((candidate) => personOf(served, candidate).guests.length === 1)!;
      const found = await requests.findPerson(db(), COMMAND, byName(guest), CTX);
      const onDay = (arrivals: PersonPlaces["arrivals"]) =>
        arrivals.filter((arrival) => arrival.endpoint === "guests" && arrival.day === "2026-11-22");
      // Possibly another guest of the same name: listed, and out of what an export, erasure or restriction acts on.
      expect(onDay(found.arrivals)).toEqual([]);
      expect(onDay(found.possibleArrivals)).toHaveLength(1);
      expect(onDay(found.possibleArrivals)[0]).toMatchObject({
        matchedOn: "name only: date of birth not kept",
        policy: "No birth dates",
      });
      // The document number, which that policy keeps, finds the arrival for certain.
      const byDocument = await requests.findPerson(
        db(),
        COMMAND,
        { by: "document number", documentNumber: guest.identificationNumber },
        CTX,
      );
      expect(onDay(byDocument.arrivals)).toHaveLength(1);
      expect(onDay(byDocument.arrivals)[0]).toMatchObject({ matchedOn: "document number" });
      await db().delete(privacyAssignments).where(eq(privacyAssignments.propertyName, propertyName));
    }, 120_000);

    it("exports every stored occurrence of the guest in one archive, audited, and completes the access request", async () => {
      const person = pickGuest(served, { withCriminal: true, not: [] });
      const request = await open("access", person.guest);
      const { filename, archive } = await requests.exportRequest(db(), COMMAND, request.id, CTX);
      expect(filename).toBe(`daybook-privacy-request-${request.id}.zip`);
      const files = unzipSync(archive);
      expect(Object.keys(files).sort()).toEqual(["arrivals.csv", "person.json", "places.csv"]);
      const json = JSON.parse(strFromU8(files["person.json"]!)) as {
        arrivals: { endpoint: string; item: Record<string, unknown> }[];
      };
      expect(json.arrivals).toHaveLength(person.guests.length + person.criminal.length);
      const guests = json.arrivals.filter((arrival) => arrival.endpoint === "guests");
      expect(guests.map((arrival) => arrival.item.identificationNumber)).toEqual(
        person.guests.map((guest) => guest.identificationNumber),
      );
      // One header line, then one line per arrival.
      const csvLines = strFromU8(files["arrivals.csv"]!).trim().split("\r\n");
      expect(csvLines).toHaveLength(1 + json.arrivals.length);

      const { request: after } = await requests.getRequest(db(), COMMAND.scope, request.id, NOW);
      expect(after).toMatchObject({ state: "done", kind: "access" });
      const [entry] = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "privacy.export"), eq(auditEvents.target, `privacy request #${request.id}`)));
      expect(entry!.details).toMatchObject({ arrivals: json.arrivals.length });
      expect(JSON.stringify(entry!.details)).not.toContain(person.guest.lastName);
    });

    it("refuses an erasure under a legal hold and changes nothing", async () => {
      const person = pickGuest(served, { withCriminal: true, not: [] });
      const [spain] = await db()
        .insert(privacyPolicies)
        .values({
          name: "Spain",
          kept: { dateOfBirth: true, address: true, email: true, phone: true, document: true, offenseDetails: true },
          legalHold: "Spanish guest register: kept three years",
        })
        .returning();
      await db().insert(privacyAssignments).values({ propertyName: person.guest.propertyName, policyId: spain!.id });
      const [itemsBefore] = await db().select({ n: count() }).from(storedItems);
      const request = await open("erasure", person.guest);
      const outcome = await requests.eraseRequest(db(), COMMAND, request.id, { reason: "guest asked" }, CTX);
      expect(outcome).toEqual({
        ok: false,
        reason: "legal_hold",
        holds: [
          {
            policy: "Spain",
            reason: "Spanish guest register: kept three years",
            properties: [person.guest.propertyName],
          },
        ],
      });
      const [itemsAfter] = await db().select({ n: count() }).from(storedItems);
      expect(itemsAfter!.n).toBe(itemsBefore!.n);
      const { request: still, places } = await requests.getRequest(db(), COMMAND.scope, request.id, NOW);
      expect(still).toMatchObject({ state: "open", searchable: true });
      expect(places!.arrivals.length).toBeGreaterThan(0);
      const [refused] = await db().select().from(auditEvents).where(eq(auditEvents.action, "privacy.erase_refused"));
      expect(refused).toMatchObject({ outcome: "failure", target: `privacy request #${request.id}` });
      await requests.closeRequest(db(), COMMAND, request.id, { state: "refused", reason: "legal hold" }, CTX);
      await db().delete(privacyAssignments).where(eq(privacyAssignments.policyId, spain!.id));
    });

    it("proof of erasure: no trace of the guest in a dump of the whole database; aggregates and other guests stay", async () => {
      const person = pickGuest(served, { withCriminal: true, not: erased });
      const { guest } = person;
      erased.push(guest);
      const day = guest.checkInDateLocal;
      const other = served.guests.find(
        (item) => item.checkInDateLocal === day && item.propertyName === guest.propertyName && !samePerson(item, guest),
      )!;
      const criminal = person.criminal[0]!;
      // What else leads to the guest: a review with a note, a sign-off note naming them, a reveal.
      await db()
        .insert(itemReviews)
        .values({
          itemKey: itemKeyOf(criminal),
          propertyName: criminal.propertyName,
          listDate: criminal.checkInDateLocal,
          checkInAtUtc: criminal.checkInAtUtc,
          reviewerEmail: "supervisor@daybook.demo",
          reviewerName: "Sam Supervisor",
          note: `Spoke with ${guest.firstName} ${guest.lastName} at the desk`,
        });
      await db()
        .insert(listSignOffs)
        .values({
          propertyName: criminal.propertyName,
          listDate: criminal.checkInDateLocal,
          signerEmail: "supervisor@daybook.demo",
          signerName: "Sam Supervisor",
          note: `All checked; ${guest.lastName!.toUpperCase()} was told at the desk.`,
          itemCount: 1,
        });
      await db()
        .insert(auditEvents)
        .values({
          action: "guest.reveal_id",
          actorEmail: "supervisor@daybook.demo",
          target: "guest identification number",
          propertyName: guest.propertyName,
          details: { checkInAtUtc: guest.checkInAtUtc, storedDay: day },
        });

      const usageBefore = await readStoredReport(db(), "usage", day);
      const otherBefore = (await readStoredReport(db(), "guests", day))!.report.items.filter((item) =>
        samePerson(item as GuestArrival, other),
      );
      expect(otherBefore).toHaveLength(1);

      // The dump finds the guest before the erasure: its absence afterwards means something.
      const before = await dumpOf(db(), kind, url);
      for (const value of identifying(guest)) expect(before.includes(value), `a value of the guest before`).toBe(true);

      const request = await open("erasure", guest);
      const places = await requests.getRequest(db(), COMMAND.scope, request.id, NOW);
      expect(places.places!.reviews).toHaveLength(1);
      expect(places.places!.signOffNotes).toHaveLength(1);
      expect(places.places!.reveals).toHaveLength(1);

      const outcome = await requests.eraseRequest(db(), COMMAND, request.id, { reason: "guest asked" }, CTX);
      expect(outcome).toMatchObject({ ok: true, request: { state: "done", searchable: false } });

      const dump = await dumpOf(db(), kind, url);
      expect(dump.length).toBeGreaterThan(10_000);
      for (const value of identifying(guest))
        expect(dump.includes(value), `a value of the guest is in the dump`).toBe(false);
      expect(dump).toContain("[erased]");

      // Aggregates are as they were; the other guest of the day is intact.
      expect(await readStoredReport(db(), "usage", day)).toEqual(usageBefore);
      const otherAfter = (await readStoredReport(db(), "guests", day))!.report.items.filter((item) =>
        samePerson(item as GuestArrival, other),
      );
      expect(otherAfter).toEqual(otherBefore);

      expect(await requests.getRequest(db(), COMMAND.scope, request.id, NOW)).toMatchObject({ places: null });
      const purged = await db().select().from(purgeLog).where(eq(purgeLog.requestId, request.id));
      expect(purged.map((row) => row.kind)).toEqual(
        expect.arrayContaining(["guest arrivals", "criminal arrivals", "review records", "sign-off notes"]),
      );
      expect(purged.every((row) => row.reason === "erasure" && row.rule === `erasure request #${request.id}`)).toBe(
        true,
      );
      const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "privacy.erase"));
      expect(entry!.details).toMatchObject({ arrivals: person.guests.length + person.criminal.length });
    });

    it("restricts a guest from every read, new pulls included, and lifting brings them back", async () => {
      const person = pickGuest(served, { withCriminal: true, not: erased });
      const { guest } = person;
      const day = guest.checkInDateLocal;
      const request = await open("restriction", guest);
      const done = await requests.restrictRequest(db(), COMMAND, request.id, { reason: "guest asked" }, CTX);
      expect(done).toMatchObject({ state: "done", restrictionActive: true });

      const isGuest = (item: { firstName: string | null; lastName: string | null }) =>
        item.firstName === guest.firstName && item.lastName === guest.lastName;
      const visible = async () => ({
        guests: (await readStoredReport(db(), "guests", day))!.report.items.filter((item) =>
          samePerson(item as GuestArrival, guest),
        ).length,
        criminal: (await readStoredReport(db(), "criminal-arrivals", day))!.report.items.filter(isGuest).length,
        criminalRange: (await readStoredCriminalArrivals(db(), day, day)).filter(({ item }) => isGuest(item)).length,
        summaries: (await readStoredCriminalArrivalSummaries(db())).filter(isGuest).length,
        field: (await readStoredGuestField(db(), person.criminal, "identificationNumber")).size,
      });
      expect(await visible()).toEqual({ guests: 0, criminal: 0, criminalRange: 0, summaries: 0, field: 0 });
      const found = await requests.findPerson(db(), COMMAND, byName(guest), CTX);
      expect(found.arrivals.every((arrival) => arrival.restricted)).toBe(true);

      // A guest of a day not pulled yet, restricted now: their arrivals are kept restricted as they come.
      await sim.setClock(pullOf("2026-11-23"));
      const coming = (await apiFor(sim).guests()).items.find((item) => item.firstName && item.lastName)!;
      const ahead = await open("restriction", coming);
      await requests.restrictRequest(db(), COMMAND, ahead.id, { reason: "guest asked" }, CTX);
      await pull("2026-11-23");
      const restrictedRows = await db()
        .select({ n: count() })
        .from(storedItems)
        .where(eq(storedItems.restrictedBy, ahead.id));
      expect(restrictedRows[0]!.n).toBeGreaterThan(0);
      const storedDay = coming.checkInDateLocal;
      const hidden = (await readStoredReport(db(), "guests", storedDay))!.report.items.filter((item) =>
        samePerson(item as GuestArrival, coming),
      );
      expect(hidden).toEqual([]);

      const lifted = await requests.liftRestriction(db(), COMMAND, request.id, { reason: "guest withdrew it" }, CTX);
      expect(lifted.restrictionActive).toBe(false);
      expect((await visible()).guests).toBe(person.guests.filter((item) => item.checkInDateLocal === day).length);
      await requests.liftRestriction(db(), COMMAND, ahead.id, { reason: "done" }, CTX);
      const back = (await readStoredReport(db(), "guests", storedDay))!.report.items.filter((item) =>
        samePerson(item as GuestArrival, coming),
      );
      expect(back.length).toBeGreaterThan(0);
      const [stillRestricted] = await db()
        .select({ n: count() })
        .from(storedItems)
        .where(isNotNull(storedItems.restrictedBy));
      expect(stillRestricted!.n).toBe(0);
    }, 120_000);

    it("marks an open request past its due date overdue, and lists it first", async () => {
      const guest = served.guests[0]!;
      const late = await open("access", guest, "2026-10-01");
      expect(late.dueAt.slice(0, 10)).toBe("2026-10-31");
      const list = await requests.listRequests(db(), NOW);
      expect(list[0]).toMatchObject({ id: late.id, overdue: true, state: "open" });
      const earlier = await requests.listRequests(db(), new Date("2026-10-20T12:00:00Z"));
      expect(earlier.find((view) => view.id === late.id)!.overdue).toBe(false);
      await requests.closeRequest(db(), COMMAND, late.id, { state: "withdrawn", reason: "test" }, CTX);
      expect((await requests.listRequests(db(), NOW)).find((view) => view.id === late.id)!.overdue).toBe(false);
    });

    it("finds by document number leaving no number in the log or the audit log", async () => {
      const guest = served.guests.find((item) => item.identificationNumber.length >= 6)!;
      const messages: string[] = [];
      configureLog({
        level: "trace",
        format: "json",
        destination: { write: (line) => void messages.push(line) },
      });
      try {
        const found = await requests.findPerson(db(), COMMAND, byDocument(guest), CTX);
        expect(found.arrivals.length).toBeGreaterThan(0);
        const request = await requests.openRequest(
          db(),
          COMMAND,
          { kind: "access", reference: null, person: byDocument(guest) },
          CTX,
        );
        await requests.exportRequest(db(), COMMAND, request.id, CTX);
      } finally {
        processSlot("log.logger").clear();
      }
      const number = normalizeDocumentNumber(guest.identificationNumber);
      expect(messages.join("\n")).not.toContain(guest.identificationNumber);
      expect(messages.join("\n")).not.toContain(number);
      const audit = JSON.stringify(await db().select().from(auditEvents));
      expect(audit).not.toContain(guest.identificationNumber);
      expect(audit).not.toContain(number);
      const stored = JSON.stringify(await db().select().from(privacyRequests));
      expect(stored).not.toContain(number);
    });

    it("refuses bad input clearly, naming the field and never the value", async () => {
      await expect(
        requests.findPerson(
          db(),
          COMMAND,
          { by: "name and date of birth", name: "Ana Lima", dateOfBirth: "1990-02-31" },
          CTX,
        ),
      ).rejects.toMatchObject({ status: 400, code: "invalid_person", message: expect.stringContaining("YYYY-MM-DD") });
      await expect(requests.getRequest(db(), COMMAND.scope, 999_999, NOW)).rejects.toMatchObject({
        status: 404,
        code: "request_not_found",
      });
      const request = await open("access", served.guests[0]!);
      await expect(requests.eraseRequest(db(), COMMAND, request.id, { reason: "x" }, CTX)).rejects.toMatchObject({
        status: 409,
        code: "wrong_request_kind",
      });
    });
  });
}
