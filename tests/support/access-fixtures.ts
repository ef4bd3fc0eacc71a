import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { inject } from "vitest";

import type { Database } from "@/lib/server/db/open";
import { users, userSessions, type NewUser, type User, type UserSession } from "@/lib/server/db/schema";

export { FIXTURE_PASSWORD } from "./fixture-password";

/**
 * One real scrypt hash of FIXTURE_PASSWORD for the whole run (hashing costs ~0.4 s), made by
 * tests/support/fixture-password-global-setup.ts and shared by every account addUser() makes.
 */
export function fixturePasswordHash(): Promise<string> {
  return Promise.resolve(inject("fixturePasswordHash"));
}

/** An e-mail no other test of the run uses: suites share their database. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * An account for tests whose subject is not account creation (sessions, throttle, audit): inserted
 * directly, with the shared hash of FIXTURE_PASSWORD, so that it costs no hashing of its own.
 */
export async function addUser(db: Database, email: string, overrides: Partial<NewUser> = {}): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: email.split("@")[0]!,
      passwordHash: await fixturePasswordHash(),
      role: "viewer",
      ...overrides,
    })
    .returning();
  return user!;
}

/** The session row as stored, to read its timestamps (they come from the database's clock). */
export async function sessionRow(db: Database, id: string): Promise<UserSession> {
  const [row] = await db.select().from(userSessions).where(eq(userSessions.id, id));
  if (!row) throw new Error(`no session ${id}`);
  return row;
}
