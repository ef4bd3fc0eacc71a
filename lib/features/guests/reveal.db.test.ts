/**
 * Revealing one identification number, as the guests screen's action does: from the copy of the day
 * Daybook holds (no call to the API, even once the live fields are due for a refresh, and none for
 * a name two properties share), and at most DAYBOOK_REVEALS_PER_HOUR a person within any hour.
 * The demo's configuration on a real simulator and a real embedded database; call counts come from
 * the simulator's own request log.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Role, Viewer } from "@/lib/core/access";
import type { RevealInput } from "@/lib/features/guests/match";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/** 12:00 UTC on Nov 23: every demo property reports Nov 22. */
const NOON = "2026-11-23T12:00:00Z";
const LIMIT = 3;
const MINUTE = 60_000;

interface Guest {
  propertyName: string;
  checkInAtUtc: string;
  firstName: string | null;
  lastName: string | null;
  identificationNumber: string;
}

let sim: LaunchedSimulator;
let dataDir: string;
let guests: typeof import("@/lib/features/guests/server");
let reports: typeof import("@/lib/features/reports/server");
let dbModule: typeof import("@/lib/server/db");
let schema: typeof import("@/lib/server/db/schema");
let oracle: Guest[];

beforeAll(async () => {
  sim = await launchSimulator({ now: NOON });
  dataDir = mkdtempSync(path.join(tmpdir(), "daybook-reveal-"));
  Object.assign(process.env, {
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SYNC: "off",
    DAYBOOK_DEMO_HISTORY_DAYS: "0",
    DAYBOOK_LIVE_REFRESH_MINUTES: "1",
    DAYBOOK_REVEALS_PER_HOUR: String(LIMIT),
    PARTNER_API_RETRY_BASE_DELAY_MS: "0",
  });
  guests = await import("@/lib/features/guests/server");
  reports = await import("@/lib/features/reports/server");
  dbModule = await import("@/lib/server/db");
  schema = await import("@/lib/server/db/schema");
  const answer = await fetch(`${sim.url}/api/public/v1/guests`, {
    headers: { "X-API-Key": "da7ab00cda7ab00cda7ab00cda7ab00c" },
  });
  oracle = ((await answer.json()) as { items: Guest[] }).items;
});

afterAll(async () => {
  vi.useRealTimers();
  await dbModule.closeDb();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The API requests the simulator saw since the last call. */
async function callsSince(): Promise<number> {
  const log = await sim.requests();
  await fetch(`${sim.url}/__simulator/requests`, { method: "DELETE" });
  return log.length;
}

let people = 0;
/** A person with an account (audit entries name real accounts), seeing every property. */
async function person(role: Role = "supervisor"): Promise<Viewer> {
  people += 1;
  const email = `person${people}@example.com`;
  const [row] = await (
    await dbModule.getDb()
  )
    .insert(schema.users)
    .values({ email, name: `Person ${people}`, passwordHash: "not a hash", role, allProperties: true })
    .returning({ id: schema.users.id });
  return { id: row!.id, email, name: `Person ${people}`, role, sessionId: "s", allProperties: true, properties: [] };
}

/** Arrivals told apart by property, check-in instant and names: one reveal finds exactly one. */
function distinct(predicate: (guest: Guest) => boolean): Guest[] {
  const key = (guest: Guest) =>
    JSON.stringify([guest.propertyName, guest.checkInAtUtc, guest.firstName, guest.lastName]);
  const counts = new Map<string, number>();
  for (const guest of oracle) counts.set(key(guest), (counts.get(key(guest)) ?? 0) + 1);
  return oracle.filter((guest) => predicate(guest) && counts.get(key(guest)) === 1);
}

const inputOf = (guest: Guest): RevealInput => ({
  propertyName: guest.propertyName,
  checkInAtUtc: guest.checkInAtUtc,
  firstName: guest.firstName,
  lastName: guest.lastName,
});

async function reveal(viewer: Viewer, guest: Guest, now: Date) {
  return guests.revealIdentificationNumber(viewer, inputOf(guest), { clientAddress: "192.0.2.7", now });
}

describe("revealing an identification number", () => {
  it("reads the held copy: no call to the API, even with the live fields due and for a shared name", async () => {
    // The guests screen: the day is fetched once and held.
    await reports.getGuestsReport({ allProperties: true, properties: [] });
    expect(await callsSince()).toBeGreaterThan(0);
    // Past the live-refresh window (one minute here): a screen now would read the live fields again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * MINUTE);

    const viewer = await person();
    const harbour = distinct((guest) => guest.propertyName === "Harbour View Hotel")[0]!;
    const seaside = distinct((guest) => guest.propertyName === "Seaside Suites")[0]!;
    const at = new Date(NOON);
    expect(await reveal(viewer, harbour, at)).toEqual({ ok: true, identificationNumber: harbour.identificationNumber });
    // A name two properties share is refused by a filter, then read unfiltered: both from what is held.
    expect(await reveal(viewer, seaside, at)).toEqual({ ok: true, identificationNumber: seaside.identificationNumber });
    expect(await callsSince()).toBe(0);

    // The screen itself does refresh the live fields now: the window had passed.
    await reports.getGuestsReport({ allProperties: true, properties: [] });
    expect(await callsSince()).toBe(1);
    // Two whole days of the simulator's group are read and held: on a busy machine, more than the usual 20 s.
  }, 60_000);

  it(`allows ${LIMIT} reveals a person within any hour, refuses the next in words and audits it, then allows again`, async () => {
    const db = await dbModule.getDb();
    const viewer = await person("viewer");
    const other = await person("viewer");
    const sample = distinct(() => true).slice(0, LIMIT + 2);
    const start = new Date(NOON);
    const after = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

    for (let index = 0; index < LIMIT; index += 1) {
      expect(await reveal(viewer, sample[index]!, after(index))).toMatchObject({ ok: true });
    }
    const refused = await reveal(viewer, sample[LIMIT]!, after(10));
    expect(refused).toEqual({
      ok: false,
      reason: "limited",
      count: LIMIT,
      retryAt: after(60),
      message: `Nothing was revealed: you have revealed ${LIMIT} identification numbers in the last hour, the most one person may. You can reveal again at 13:00 UTC.`,
    });
    // Another person is not held back by this one.
    expect(await reveal(other, sample[LIMIT]!, after(10))).toMatchObject({ ok: true });

    const entries = await db
      .select({ outcome: schema.auditEvents.outcome, details: schema.auditEvents.details })
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.actorId, viewer.id), eq(schema.auditEvents.action, "guest.reveal_id")));
    expect(entries.filter((entry) => entry.outcome === "success")).toHaveLength(LIMIT);
    expect(entries.filter((entry) => entry.outcome === "failure")).toEqual([
      {
        outcome: "failure",
        details: { checkInAtUtc: sample[LIMIT]!.checkInAtUtc, reason: "limit reached", limit: LIMIT },
      },
    ]);
    for (const entry of entries) expect(JSON.stringify(entry)).not.toContain(sample[0]!.identificationNumber);

    // An hour after the first reveal, it leaves the window: one more is allowed, and no more.
    expect(await reveal(viewer, sample[LIMIT]!, after(60))).toMatchObject({ ok: true });
    expect(await reveal(viewer, sample[LIMIT + 1]!, after(60))).toMatchObject({ ok: false, reason: "limited" });
  });

  it("lets no more than the limit through when one person reveals many at once", async () => {
    const viewer = await person();
    const sample = distinct(() => true).slice(0, LIMIT + 5);
    const at = new Date(NOON);
    const results = await Promise.all(sample.map((guest) => reveal(viewer, guest, at)));
    expect(results.filter((result) => result.ok)).toHaveLength(LIMIT);
    expect(results.filter((result) => !result.ok && result.reason === "limited")).toHaveLength(sample.length - LIMIT);
  });
});
