import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";

import type { PropertyScope, Viewer } from "@/lib/core/access";
import { addDays } from "@/lib/core/days";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { runSync } from "@/lib/features/sync/run";
import { insertUser } from "@/lib/server/auth/users";
import { auditEvents, itemReviews } from "@/lib/server/db/schema";
import type { CriminalArrival, GuestArrival } from "@/lib/server/partner-api/schemas";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor, pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { requestScope } from "./server";
import * as requests from "./service";

let sim: LaunchedSimulator;
beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(() => sim.close());

const DAY = "2026-11-20";
const NOW = new Date("2026-11-23T12:00:00Z");
const CTX = { clientAddress: null, now: NOW };

const viewer = (over: Partial<Viewer>): Viewer => ({
  id: "00000000-0000-4000-8000-000000000001",
  email: "pm@example.com",
  name: "Pat",
  role: "viewer",
  allProperties: false,
  properties: ["Harbour View Hotel"],
  sessionId: "s",
  permissions: ["privacy"],
  ...over,
});

it("answers within the person's own properties; an admin or a person with every property, for the whole group", () => {
  expect(requestScope(viewer({}))).toEqual({ allProperties: false, properties: ["Harbour View Hotel"] });
  expect(requestScope(viewer({ role: "supervisor", properties: ["A", "B"] }))).toEqual({
    allProperties: false,
    properties: ["A", "B"],
  });
  expect(requestScope(viewer({ allProperties: true, properties: [] }))).toEqual(requests.WHOLE_GROUP);
  expect(requestScope(viewer({ role: "admin", allProperties: false }))).toEqual(requests.WHOLE_GROUP);
});

describeEachDatabase("privacy requests within the properties the person may see", (db) => {
  const guests: GuestArrival[] = [];
  const criminal: CriminalArrival[] = [];
  /** The person answering: their account, whatever properties a test gives them. */
  let actor: requests.Requester["actor"] = null;

  beforeAll(async () => {
    const user = await insertUser(db(), {
      email: "pm@example.com",
      name: "Pat",
      password: "a long enough password",
      role: "viewer",
      allProperties: false,
      properties: [],
    });
    actor = { id: user.id, email: user.email };
    const at = pullTime(addDays(DAY, 1));
    await sim.reset();
    await sim.setClock(at);
    const api = apiFor(sim);
    const [served, servedCriminal] = await Promise.all([api.guests(), api.criminalArrivals()]);
    guests.push(...served.items);
    criminal.push(...servedCriminal.items);
    const result = await runSync(db(), api, { now: new Date(at), trigger: "command" });
    if (result.status !== "finished") throw new Error("the pull was skipped");
  }, 120_000);

  const named = (guest: Pick<GuestArrival, "firstName" | "lastName">) => `${guest.firstName} ${guest.lastName}`;
  const taken = new Set<string>();
  /**
   * A guest with a criminal arrival, alone with their name on the day (so nothing else is found with
   * them), not used by another test; and the person answering: one property of the day but theirs.
   */
  function guestAndOther(): { guest: GuestArrival; home: PropertyScope; other: PropertyScope } {
    const guest = guests.find(
      (candidate) =>
        candidate.firstName &&
        candidate.lastName &&
        !taken.has(named(candidate)) &&
        guests.filter((other) => named(other) === named(candidate)).length === 1 &&
        criminal.some((item) => item.checkInAtUtc === candidate.checkInAtUtc && named(item) === named(candidate)),
    );
    if (!guest) throw new Error("no guest fits");
    taken.add(named(guest));
    const elsewhere = guests.find((other) => other.propertyName !== guest.propertyName)!.propertyName;
    return {
      guest,
      home: { allProperties: false, properties: [guest.propertyName] },
      other: { allProperties: false, properties: [elsewhere] },
    };
  }

  const who = (scope: PropertyScope): requests.Requester => ({ actor, scope });
  const byName = (guest: GuestArrival) => ({
    by: "name and date of birth" as const,
    name: named(guest),
    dateOfBirth: guest.dateOfBirth.slice(0, 10),
  });
  const open = (scope: PropertyScope, kind: "access" | "erasure" | "restriction", guest: GuestArrival) =>
    requests.openRequest(db(), who(scope), { kind, reference: null, person: byName(guest) }, CTX);
  /** Everything held of the guest, found for the whole group. */
  const held = (guest: GuestArrival) => requests.findPerson(db(), who(requests.WHOLE_GROUP), byName(guest), CTX);

  it("finds a guest only at the properties searched, and says which they were", async () => {
    const { guest, home, other } = guestAndOther();
    const elsewhere = await requests.findPerson(db(), who(other), byName(guest), CTX);
    expect(elsewhere).toMatchObject({ arrivals: [], possibleArrivals: [], properties: [], days: [] });
    expect(elsewhere.searched).toEqual({ allProperties: false, properties: other.properties });

    const there = await requests.findPerson(db(), who(home), byName(guest), CTX);
    expect(new Set(there.arrivals.map((arrival) => arrival.endpoint))).toEqual(
      new Set(["guests", "criminal-arrivals"]),
    );
    expect(there.properties).toEqual([guest.propertyName]);
    const whole = await held(guest);
    expect(whole.searched).toEqual({ allProperties: true, properties: [] });
    expect(whole.arrivals).toHaveLength(there.arrivals.length);
  });

  it("shows a request's person, reviews and reveals only at the properties the person may see", async () => {
    const { guest, home, other } = guestAndOther();
    const item = criminal.find(
      (entry) => entry.checkInAtUtc === guest.checkInAtUtc && entry.lastName === guest.lastName,
    )!;
    await db()
      .insert(itemReviews)
      .values({
        itemKey: itemKeyOf(item),
        propertyName: item.propertyName,
        listDate: item.checkInDateLocal,
        checkInAtUtc: item.checkInAtUtc,
        reviewerEmail: "supervisor@daybook.demo",
        reviewerName: "Sam Supervisor",
        note: null,
      });
    await db()
      .insert(auditEvents)
      .values({
        action: "guest.reveal_id",
        actorEmail: "supervisor@daybook.demo",
        target: "guest identification number",
        propertyName: guest.propertyName,
        details: { checkInAtUtc: guest.checkInAtUtc, storedDay: DAY },
      });
    const request = await open(requests.WHOLE_GROUP, "access", guest);

    const { places: elsewhere } = await requests.getRequest(db(), other, request.id, NOW);
    expect(elsewhere).toMatchObject({ arrivals: [], reviews: [], reveals: [], legalHolds: [] });
    expect(elsewhere!.searched).toEqual({ allProperties: false, properties: other.properties });

    const { places: there } = await requests.getRequest(db(), home, request.id, NOW);
    expect(there!.arrivals.length).toBeGreaterThan(0);
    expect(there!.reviews).toHaveLength(1);
    expect(there!.reveals).toHaveLength(1);
  });

  it("exports nothing of a guest of another property, and the outcome says where it looked", async () => {
    const { guest, other } = guestAndOther();
    const request = await open(other, "access", guest);
    const { archive } = await requests.exportRequest(db(), who(other), request.id, CTX);
    const files = unzipSync(archive);
    const person = JSON.parse(strFromU8(files["person.json"]!)) as { arrivals: unknown[] };
    expect(person.arrivals).toEqual([]);
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join("\n");
    for (const value of [guest.identificationNumber, guest.dateOfBirth.slice(0, 10), guest.lastName!]) {
      expect(everything.includes(value), "a value of the guest is in the archive").toBe(false);
    }
    const { request: done } = await requests.getRequest(db(), other, request.id, NOW);
    expect(done.outcome).toBe(`Exported no stored arrivals; searched ${other.properties[0]} only`);
    // Audited as before: the step and its counts.
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "privacy.export"), eq(auditEvents.target, `privacy request #${request.id}`)));
    expect(entry!.details).toMatchObject({ arrivals: 0, properties: [] });
  });

  it("erases nothing at a property the person cannot see", async () => {
    const { guest, other } = guestAndOther();
    const before = await held(guest);
    expect(before.arrivals.length).toBeGreaterThan(0);
    const request = await open(other, "erasure", guest);
    const outcome = await requests.eraseRequest(db(), who(other), request.id, { reason: "guest asked" }, CTX);
    expect(outcome).toMatchObject({
      ok: true,
      request: { outcome: `Erased no stored arrivals; searched ${other.properties[0]} only` },
    });
    expect((await held(guest)).arrivals).toEqual(before.arrivals);
  });

  it("restricts nothing at a property the person cannot see, and lifts only where they see every arrival", async () => {
    const { guest, home, other } = guestAndOther();
    const request = await open(other, "restriction", guest);
    await requests.restrictRequest(db(), who(other), request.id, { reason: "guest asked" }, CTX);
    expect((await held(guest)).arrivals.filter((arrival) => arrival.restricted)).toEqual([]);

    // Restricted for the whole group: someone who cannot see the guest's property does not lift it.
    const group = await open(requests.WHOLE_GROUP, "restriction", guest);
    await requests.restrictRequest(db(), who(requests.WHOLE_GROUP), group.id, { reason: "guest asked" }, CTX);
    await expect(
      requests.liftRestriction(db(), who(other), group.id, { reason: "guest withdrew it" }, CTX),
    ).rejects.toMatchObject({ status: 403, code: "forbidden" });
    expect((await held(guest)).arrivals.every((arrival) => arrival.restricted)).toBe(true);
    await requests.liftRestriction(db(), who(home), group.id, { reason: "guest withdrew it" }, CTX);
    expect((await held(guest)).arrivals.some((arrival) => arrival.restricted)).toBe(false);
  });
});
