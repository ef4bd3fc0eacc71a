import { desc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { apiKeys, auditEvents, signInThrottle, users, userSessions, type NewUser } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

const person = (email: string, overrides: Partial<NewUser> = {}): NewUser => ({
  email,
  name: email.split("@")[0]!,
  passwordHash: "scrypt$not-a-real-hash",
  role: "viewer",
  ...overrides,
});

describeEachDatabase("tables", (db) => {
  it("users: defaults, and properties as a text array", async () => {
    const [plain] = await db().insert(users).values(person("plain@example.com")).returning();
    expect(plain).toMatchObject({ allProperties: false, properties: [], disabledAt: null });
    expect(plain!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain!.createdAt).toBeInstanceOf(Date);

    const names = ["Harbour View Hotel", 'Hotel "Quotes", Inc.', "Café {Braces}"];
    await db()
      .insert(users)
      .values(person("regional@example.com", { role: "regional", properties: names }));
    const [read] = await db().select().from(users).where(eq(users.email, "regional@example.com"));
    expect(read).toMatchObject({ role: "regional", properties: names });

    const [granted] = await db()
      .select({ email: users.email })
      .from(users)
      .where(sql`${"Café {Braces}"} = any(${users.properties})`);
    expect(granted?.email).toBe("regional@example.com");

    await expect(db().insert(users).values(person("plain@example.com"))).rejects.toThrow();
  });

  it("user_sessions: belong to a user and go with it", async () => {
    const [owner] = await db().insert(users).values(person("sessions@example.com")).returning();
    const [session] = await db().insert(userSessions).values({ userId: owner!.id }).returning();
    expect(session).toMatchObject({ userId: owner!.id, endedAt: null, endedReason: null });

    const endedAt = new Date("2026-11-23T10:00:00.000Z");
    await db().update(userSessions).set({ endedAt, endedReason: "sign-out" }).where(eq(userSessions.id, session!.id));
    const [ended] = await db().select().from(userSessions).where(eq(userSessions.id, session!.id));
    expect(ended).toMatchObject({ endedAt, endedReason: "sign-out" });

    await db().delete(users).where(eq(users.id, owner!.id));
    expect(await db().select().from(userSessions).where(eq(userSessions.userId, owner!.id))).toEqual([]);
  });

  it("sign_in_throttle: upserts by key", async () => {
    const lockedUntil = new Date("2026-11-23T10:15:00.000Z");
    for (let i = 0; i < 3; i++) {
      await db()
        .insert(signInThrottle)
        .values({ key: "account:a@example.com", failures: 1 })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: { failures: sql`${signInThrottle.failures} + 1`, lockedUntil },
        });
    }
    const [row] = await db().select().from(signInThrottle).where(eq(signInThrottle.key, "account:a@example.com"));
    expect(row).toMatchObject({ failures: 3, lockedUntil });
  });

  it("api_keys: numbered ids, newest first, creator set null when the account goes", async () => {
    const [admin] = await db()
      .insert(users)
      .values(person("keys@example.com", { role: "admin" }))
      .returning();
    await db().insert(apiKeys).values({ encrypted: "first", last4: "1111", createdBy: admin!.id });
    await db().insert(apiKeys).values({ encrypted: "second", last4: "2222", createdBy: admin!.id });
    const [newest] = await db().select().from(apiKeys).orderBy(desc(apiKeys.id)).limit(1);
    expect(newest).toMatchObject({ encrypted: "second", last4: "2222", createdBy: admin!.id });
    expect(typeof newest!.id).toBe("number");

    await db().delete(users).where(eq(users.id, admin!.id));
    const remaining = await db().select({ createdBy: apiKeys.createdBy }).from(apiKeys);
    expect(remaining).toEqual([{ createdBy: null }, { createdBy: null }]);
  });

  it("audit_events: details as jsonb, queried by key", async () => {
    const details = { before: "viewer", after: "admin", nested: { list: [1, "two", null] }, quote: 'say "hi"' };
    await db().insert(auditEvents).values({ action: "user.role_changed", target: "a@example.com", details });
    await db().insert(auditEvents).values({ action: "sign_in", outcome: "failure", clientAddress: "192.0.2.1" });

    const [changed] = await db()
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.details} ->> 'after' = 'admin'`);
    expect(changed).toMatchObject({ action: "user.role_changed", outcome: "success", details });
    expect(changed!.at).toBeInstanceOf(Date);

    const [failed] = await db().select().from(auditEvents).where(eq(auditEvents.outcome, "failure"));
    expect(failed).toMatchObject({ action: "sign_in", details: null, clientAddress: "192.0.2.1" });
  });

  it("transactions commit together or not at all", async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(users).values(person("rolled-back@example.com"));
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    const id = await db().transaction(async (tx) => {
      const [user] = await tx.insert(users).values(person("committed@example.com")).returning({ id: users.id });
      await tx.insert(auditEvents).values({ action: "user.created", actorId: user!.id });
      return user!.id;
    });

    const { rows } = await db().execute<{ email: string }>(
      sql`select email from ${users} where email in ('rolled-back@example.com', 'committed@example.com')`,
    );
    expect(rows).toEqual([{ email: "committed@example.com" }]);
    expect(
      await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.actorId, id)),
    ).toEqual([{ action: "user.created" }]);
  });
});
