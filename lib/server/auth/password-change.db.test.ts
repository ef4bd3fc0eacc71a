import { and, eq, isNull } from "drizzle-orm";
import { expect, it } from "vitest";

import { userSessions } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

import { verifyPassword } from "./password";
import { startSession } from "./sessions";
import { changeOwnPassword, findUserById, insertUser, setUserPassword } from "./users";

describeEachDatabase("password changes", (db) => {
  async function openSessions(userId: string) {
    const rows = await db()
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)));
    return rows.map((row) => row.id).sort();
  }

  it("a password an admin sets (a reset) must be changed at the next sign-in, and ends every session", async () => {
    const user = await addUser(db(), uniqueEmail("reset"));
    await startSession(db(), user.id);
    const after = await setUserPassword(db(), user.id, "admin-chosen-password");
    expect(after?.passwordMustChange).toBe(true);
    expect(await openSessions(user.id)).toEqual([]);
  });

  it("a new account is flagged only when asked: an admin's yes, the first run's and the demo's no", async () => {
    const byAdmin = await insertUser(db(), {
      email: uniqueEmail("new"),
      name: "New",
      password: "admin-chosen-password",
      role: "viewer",
      allProperties: true,
      properties: [],
      passwordMustChange: true,
    });
    expect(byAdmin.passwordMustChange).toBe(true);
    const seeded = await insertUser(db(), {
      email: uniqueEmail("seeded"),
      name: "Seeded",
      password: "seeded-password-123",
      role: "viewer",
      allProperties: true,
      properties: [],
    });
    expect(seeded.passwordMustChange).toBe(false);
  });

  it("a person's own new password clears the flag and ends their other sessions, not this one", async () => {
    const user = await addUser(db(), uniqueEmail("own"), { passwordMustChange: true });
    const here = await startSession(db(), user.id);
    const elsewhere = await startSession(db(), user.id);
    const other = await addUser(db(), uniqueEmail("someone-else"));
    const theirs = await startSession(db(), other.id);

    expect(await changeOwnPassword(db(), user.id, "my-own-new-password", here)).toBe(1);
    expect(await openSessions(user.id)).toEqual([here]);
    expect(await openSessions(other.id)).toEqual([theirs]);
    const [ended] = await db().select().from(userSessions).where(eq(userSessions.id, elsewhere));
    expect(ended?.endedReason).toBe("password_change");
    const changed = await findUserById(db(), user.id);
    expect(changed?.passwordMustChange).toBe(false);
    expect(await verifyPassword("my-own-new-password", changed!.passwordHash)).toBe(true);
  });
});
