import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { verifyPassword } from "@/lib/server/auth/password";
import { resolveSession, startSession } from "@/lib/server/auth/sessions";
import {
  countUsers,
  DuplicateEmailError,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  normalizeEmail,
  setUserDisabled,
  setUserPassword,
  updateUser,
  type UserInput,
} from "@/lib/server/auth/users";
import type { OpenedDatabase } from "@/lib/server/db/open";
import { users, userSessions, type User } from "@/lib/server/db/schema";
import { describeEachDatabase, persistentDatabase } from "@/tests/support/databases";

const POLICY = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 };

const input = (email: string, overrides: Partial<UserInput> = {}): UserInput => ({
  email,
  name: "Someone",
  password: "first-password-123",
  role: "viewer",
  allProperties: false,
  properties: [],
  ...overrides,
});

describeEachDatabase("users", (db, kind) => {
  // Hashing costs ~0.4 s: the accounts are made once, together, and shared by the tests below.
  let alice: User;
  let bob: User;
  let carol: User;
  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      insertUser(
        db(),
        input("  Alice.Smith@Example.COM ", {
          name: "  Alice Smith ",
          properties: [" Harbour View Hotel ", "Harbour View Hotel", "", "   ", "Seaside Suites  ", "Café {Braces}"],
        }),
      ),
      insertUser(db(), input("bob@example.com", { name: "Bob" })),
      insertUser(db(), input("carol@example.com", { name: "Carol", password: "carol-old-password" })),
    ]);
  });

  it("stores e-mails trimmed and lower-cased, and finds them whatever their case", async () => {
    expect(normalizeEmail("  MiXeD@Example.ORG\t")).toBe("mixed@example.org");
    expect(alice.email).toBe("alice.smith@example.com");
    const [stored] = await db().select({ email: users.email }).from(users).where(eq(users.id, alice.id));
    expect(stored).toEqual({ email: "alice.smith@example.com" });

    for (const spelling of ["alice.smith@example.com", "ALICE.SMITH@EXAMPLE.COM", " Alice.Smith@example.Com "]) {
      expect((await findUserByEmail(db(), spelling))?.id, spelling).toBe(alice.id);
    }
    expect(await findUserByEmail(db(), "nobody@example.com")).toBeUndefined();
    expect((await findUserById(db(), alice.id))?.email).toBe("alice.smith@example.com");
  });

  it("refuses a second account with the same e-mail, in any case", async () => {
    const before = await countUsers(db());
    for (const email of ["alice.smith@example.com", "ALICE.smith@EXAMPLE.com", " alice.smith@example.com"]) {
      await expect(insertUser(db(), input(email)), email).rejects.toBeInstanceOf(DuplicateEmailError);
    }
    expect(await countUsers(db())).toBe(before);
  });

  it("stores the name trimmed and the properties trimmed, without blanks or duplicates, in order", () => {
    expect(alice.name).toBe("Alice Smith");
    expect(alice.properties).toEqual(["Harbour View Hotel", "Seaside Suites", "Café {Braces}"]);
    expect(alice).toMatchObject({ role: "viewer", allProperties: false, disabledAt: null });
    expect(alice.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it("lists accounts by e-mail and counts them", async () => {
    const listed = (await listUsers(db())).map((user) => user.email);
    expect(listed).toEqual([...listed].sort());
    expect(listed).toEqual(expect.arrayContaining([alice.email, bob.email, carol.email]));
    expect(await countUsers(db())).toBe(listed.length);
  });

  it("updateUser changes role, name and properties, and leaves the rest alone", async () => {
    const updated = await updateUser(db(), alice.id, {
      role: "regional",
      name: " Alice S. ",
      properties: [" Quiet Pines Motel", "Quiet Pines Motel ", "", "Harbour View Hotel"],
    });
    expect(updated).toMatchObject({
      id: alice.id,
      email: alice.email,
      passwordHash: alice.passwordHash,
      role: "regional",
      name: "Alice S.",
      allProperties: false,
      properties: ["Quiet Pines Motel", "Harbour View Hotel"],
    });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(alice.updatedAt.getTime());

    const roleOnly = await updateUser(db(), alice.id, { role: "admin", allProperties: true });
    expect(roleOnly).toMatchObject({ role: "admin", allProperties: true, name: "Alice S." });
    expect(roleOnly!.properties).toEqual(["Quiet Pines Motel", "Harbour View Hotel"]);
    expect(await findUserByEmail(db(), alice.email)).toMatchObject({ role: "admin", allProperties: true });

    expect(await updateUser(db(), "00000000-0000-4000-8000-000000000000", { role: "admin" })).toBeUndefined();
  });

  it("a new role ends the account's sessions; other changes leave them standing", async () => {
    const account = await insertUser(db(), input(`role-${kind}@example.com`));
    const session = await startSession(db(), account.id);
    await updateUser(db(), account.id, { name: "Renamed", properties: ["Harbour View Hotel"] });
    expect((await resolveSession(db(), session, POLICY)).ok).toBe(true);
    await updateUser(db(), account.id, { role: "viewer" });
    expect((await resolveSession(db(), session, POLICY)).ok).toBe(true);

    await updateUser(db(), account.id, { role: "supervisor" });
    expect(await resolveSession(db(), session, POLICY)).toEqual({ ok: false, reason: "role_change" });
    const fresh = await startSession(db(), account.id);
    expect(await resolveSession(db(), fresh, POLICY)).toMatchObject({ ok: true, user: { role: "supervisor" } });
  });

  it("disabling ends every open session of the account, and enabling revives none", async () => {
    const sessions = [await startSession(db(), bob.id), await startSession(db(), bob.id)];
    const aliceSession = await startSession(db(), alice.id);
    for (const id of sessions) expect((await resolveSession(db(), id, POLICY)).ok).toBe(true);

    const disabled = await setUserDisabled(db(), bob.id, true);
    expect(disabled!.disabledAt).toBeInstanceOf(Date);
    for (const id of sessions) {
      expect(await resolveSession(db(), id, POLICY)).toEqual({ ok: false, reason: "disabled" });
    }
    const rows = await db().select().from(userSessions).where(eq(userSessions.userId, bob.id));
    expect(rows.map((row) => row.endedReason)).toEqual(["disabled", "disabled"]);
    expect(rows.every((row) => row.endedAt instanceof Date)).toBe(true);
    // Another account's session is not touched.
    expect((await resolveSession(db(), aliceSession, POLICY)).ok).toBe(true);

    const enabled = await setUserDisabled(db(), bob.id, false);
    expect(enabled!.disabledAt).toBeNull();
    for (const id of sessions) {
      expect(await resolveSession(db(), id, POLICY)).toEqual({ ok: false, reason: "disabled" });
    }
    const fresh = await startSession(db(), bob.id);
    expect(await resolveSession(db(), fresh, POLICY)).toMatchObject({ ok: true, user: { id: bob.id } });

    expect(await setUserDisabled(db(), "00000000-0000-4000-8000-000000000000", true)).toBeUndefined();
  });

  it("a new password ends the account's sessions; the new one verifies and the old does not", async () => {
    const session = await startSession(db(), carol.id);
    const bobSession = await startSession(db(), bob.id);
    const changed = await setUserPassword(db(), carol.id, "carol-new-password");
    expect(changed!.passwordHash).not.toBe(carol.passwordHash);
    expect(await resolveSession(db(), session, POLICY)).toEqual({ ok: false, reason: "password_reset" });
    expect((await resolveSession(db(), bobSession, POLICY)).ok).toBe(true);

    const stored = (await findUserByEmail(db(), carol.email))!.passwordHash;
    expect(stored).toBe(changed!.passwordHash);
    const [newOne, oldOne] = await Promise.all([
      verifyPassword("carol-new-password", stored),
      verifyPassword("carol-old-password", stored),
    ]);
    expect({ newOne, oldOne }).toEqual({ newOne: true, oldOne: false });
  });

  // The duplicate check reads before a slow hash and the write: two creations at once both pass it.
  it("two creations of one e-mail at once: one account, and a DuplicateEmailError", async () => {
    const results = await Promise.allSettled([
      insertUser(db(), input("twice@example.com")),
      insertUser(db(), input("TWICE@example.com")),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(DuplicateEmailError);
  });

  it("keeps accounts and sessions across closing and reopening the database", async () => {
    const store = await persistentDatabase(kind);
    let opened: OpenedDatabase | undefined;
    try {
      opened = await store.open();
      const kept = await insertUser(
        opened.db,
        input("Kept@Example.com", {
          role: "supervisor",
          properties: ["Harbour View Hotel"],
          password: "kept-password-1",
        }),
      );
      const session = await startSession(opened.db, kept.id);
      await opened.close();
      opened = undefined;

      opened = await store.open();
      expect(opened.kind).toBe(kind);
      const found = await findUserByEmail(opened.db, "kept@example.com");
      expect(found).toEqual(kept);
      expect(await verifyPassword("kept-password-1", found!.passwordHash)).toBe(true);
      expect(await resolveSession(opened.db, session, POLICY)).toMatchObject({ ok: true, user: { id: kept.id } });
    } finally {
      await opened?.close();
      await store.remove();
    }
  });
});
