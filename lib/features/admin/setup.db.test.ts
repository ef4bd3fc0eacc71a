import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";

import { DEMO_USERS, seedFirstRun } from "@/lib/features/admin/setup";
import { verifyPassword } from "@/lib/server/auth/password";
import { countUsers, listUsers } from "@/lib/server/auth/users";
import { IN_MEMORY, openDatabase, type OpenedDatabase } from "@/lib/server/db/open";
import { auditEvents, type AuditEvent } from "@/lib/server/db/schema";
import { createPostgresDatabase, describeEachDatabase, openTestDatabase } from "@/tests/support/databases";

const creations = (events: AuditEvent[]) =>
  events
    .filter((event) => event.action === "user.create")
    .map(({ actorId, actorEmail, target, outcome, details }) => ({ actorId, actorEmail, target, outcome, details }))
    .sort((a, b) => String(a.target).localeCompare(String(b.target)));

const createdBy = (emails: string[]) =>
  [...emails].sort().map((target) => ({
    actorId: null,
    actorEmail: null,
    target,
    outcome: "success",
    details: { by: "first run" },
  }));

// Every scenario needs an empty database of its own; the suite's shared one (db) serves the demo run.
describeEachDatabase("first run", (db, kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function emptyDatabase() {
    const opened = await openTestDatabase(kind);
    cleanups.push(opened.close);
    return opened.db;
  }

  it("demo mode creates one account per role, with its properties, and audits each", async () => {
    const created = await seedFirstRun(db(), { mode: "demo" });
    expect([...created].sort()).toEqual(DEMO_USERS.map((demo) => demo.email).sort());
    expect(new Set(DEMO_USERS.map((demo) => demo.role))).toEqual(
      new Set(["admin", "regional", "supervisor", "viewer"]),
    );

    const accounts = await listUsers(db());
    expect(accounts).toHaveLength(DEMO_USERS.length);
    for (const demo of DEMO_USERS) {
      const account = accounts.find((user) => user.email === demo.email);
      expect(account, demo.email).toMatchObject({
        name: demo.name,
        role: demo.role,
        allProperties: demo.properties === "all",
        properties: demo.properties === "all" ? [] : demo.properties,
        disabledAt: null,
      });
    }
    // The published demo password works (one check: each costs ~0.4 s).
    const viewer = DEMO_USERS.find((demo) => demo.role === "viewer")!;
    const viewerAccount = accounts.find((user) => user.email === viewer.email)!;
    expect(await verifyPassword(viewer.password, viewerAccount.passwordHash)).toBe(true);

    expect(creations(await db().select().from(auditEvents))).toEqual(createdBy(created));
  });

  it("a second run creates nothing and audits nothing", async () => {
    const before = await db().select().from(auditEvents);
    expect(before.length).toBeGreaterThan(0); // the demo run above
    expect(await seedFirstRun(db(), { mode: "demo" })).toEqual([]);
    expect(
      await seedFirstRun(db(), {
        mode: "live",
        firstAdmin: { email: "late@example.com", password: "late-admin-pass" },
      }),
    ).toEqual([]);
    expect(await countUsers(db())).toBe(DEMO_USERS.length);
    expect(await db().select().from(auditEvents)).toEqual(before);
  });

  it("live mode with a first admin creates that admin only, over every property", async () => {
    const empty = await emptyDatabase();
    const created = await seedFirstRun(empty, {
      mode: "live",
      firstAdmin: { email: "  Boss@Example.COM ", password: "first-admin-password" },
    });
    expect(created).toEqual(["boss@example.com"]);
    const accounts = await listUsers(empty);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      email: "boss@example.com",
      name: "Administrator",
      role: "admin",
      allProperties: true,
      properties: [],
      disabledAt: null,
    });
    expect(await verifyPassword("first-admin-password", accounts[0]!.passwordHash)).toBe(true);
    expect(creations(await empty.select().from(auditEvents))).toEqual(createdBy(["boss@example.com"]));
  });

  it("live mode without a first admin creates nothing", async () => {
    const empty = await emptyDatabase();
    expect(await seedFirstRun(empty, { mode: "live" })).toEqual([]);
    expect(await countUsers(empty)).toBe(0);
    expect(await empty.select().from(auditEvents)).toEqual([]);
    // So a later start that names a first admin still seeds.
    expect(
      await seedFirstRun(empty, {
        mode: "live",
        firstAdmin: { email: "later@example.com", password: "later-admin-pass" },
      }),
    ).toEqual(["later@example.com"]);
  });

  if (kind === "postgres") {
    it("two instances starting together on one fresh database create each account once", async () => {
      const created = await createPostgresDatabase();
      cleanups.push(created.drop);
      const instances: OpenedDatabase[] = [];
      for (let i = 0; i < 2; i++) {
        const opened = await openDatabase({ databaseUrl: created.url, dataDir: IN_MEMORY });
        instances.push(opened);
        cleanups.push(opened.close);
      }
      const results = await Promise.all(instances.map(({ db: instance }) => seedFirstRun(instance, { mode: "demo" })));

      // One instance seeded everything; the other waited, then found it done.
      expect(results.map((result) => result.length).sort()).toEqual([0, DEMO_USERS.length]);
      const accounts = await listUsers(instances[0]!.db);
      expect(accounts.map((user) => user.email).sort()).toEqual(DEMO_USERS.map((demo) => demo.email).sort());
      const events = await instances[1]!.db.select().from(auditEvents).where(eq(auditEvents.action, "user.create"));
      expect(creations(events)).toEqual(createdBy(DEMO_USERS.map((demo) => demo.email)));
    });
  }
});
