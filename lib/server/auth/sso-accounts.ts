import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { sameAccess, type Access } from "@/lib/core/sso";
import { ssoIdentities, users, type User } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";

import { endUserSessions } from "./sessions";
import { keepingAnAdmin, normalizeEmail } from "./users";

/** The account linked to the provider's subject, if any. */
export async function findLinkedUser(db: Database, issuer: string, subject: string): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row?.user;
}

/** Whether the account is linked to another subject of this provider already. */
export async function linkedElsewhere(db: Database, userId: string, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoIdentities.id })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.issuer, issuer)));
  return row !== undefined;
}

/** Links the subject to the account; false when either is linked already (two first sign-ins at once). */
export async function linkIdentity(db: Database, userId: string, issuer: string, subject: string): Promise<boolean> {
  const inserted = await db
    .insert(ssoIdentities)
    .values({ userId, issuer, subject, lastSignInAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: ssoIdentities.id });
  return inserted.length > 0;
}

export async function touchIdentity(db: Database, issuer: string, subject: string): Promise<void> {
  await db
    .update(ssoIdentities)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
}

/**
 * An account made at a person's first sign-in, its access the mapping's. It has no password anyone
 * knows: the stored value is no hash, so no password ever matches it (lib/server/auth/password.ts).
 */
export async function createSsoAccount(
  db: Database,
  person: { email: string; name: string },
  access: Access,
): Promise<User | undefined> {
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(person.email),
      name: person.name.trim() || normalizeEmail(person.email),
      passwordHash: "none: signs in through the identity provider",
      role: access.role,
      allProperties: access.allProperties,
      properties: access.properties,
      accessSource: "mapping",
      mappedRole: access.role,
      mappedAllProperties: access.allProperties,
      mappedProperties: access.properties,
      mappedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  return user;
}

export interface AppliedAccess {
  user: User;
  /** The access in effect changed (the account's other sessions ended). */
  changed: boolean;
  before: Access;
}

const accessOf = (user: Pick<User, "role" | "allProperties" | "properties">): Access => ({
  role: user.role,
  allProperties: user.allProperties,
  properties: user.properties,
});

/**
 * Records what the mapping gave and puts `access` in effect. A changed role or property list ends
 * the account's sessions, as an admin's change does: what a session may do was decided when it began.
 * The last admin cannot lose the role this way either.
 */
export async function applyAccess(
  db: Database,
  userId: string,
  access: Access,
  mapped: Access | null,
): Promise<AppliedAccess | undefined> {
  return keepingAnAdmin(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId));
    if (!before) return undefined;
    const changed = !sameAccess(accessOf(before), access);
    const [user] = await tx
      .update(users)
      .set({
        ...(changed && { role: access.role, allProperties: access.allProperties, properties: access.properties }),
        ...(changed && access.role !== "admin" && { breakGlass: false }),
        mappedRole: mapped?.role ?? null,
        mappedAllProperties: mapped?.allProperties ?? false,
        mappedProperties: mapped?.properties ?? [],
        mappedAt: new Date(),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (changed) await endUserSessions(tx, userId, "role_change");
    return { user: user!, changed, before: accessOf(before) };
  });
}

/** Hands a person's access back to the mapping (as of their last sign-in), or to the admin's hand. */
export async function setAccessSource(
  db: Database,
  userId: string,
  source: "hand" | "mapping",
): Promise<User | undefined> {
  return keepingAnAdmin(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId));
    if (!before) return undefined;
    const mapped: Access = before.mappedRole
      ? { role: before.mappedRole, allProperties: before.mappedAllProperties, properties: before.mappedProperties }
      : { role: "viewer", allProperties: false, properties: [] };
    const access = source === "mapping" ? mapped : accessOf(before);
    const [user] = await tx
      .update(users)
      .set({
        accessSource: source,
        ...access,
        ...(access.role !== "admin" && { breakGlass: false }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!sameAccess(accessOf(before), access)) await endUserSessions(tx, userId, "role_change");
    return user;
  });
}

/** Removes the account's link to the provider: its next sign-in there is matched by e-mail again. */
export async function unlinkIdentity(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .returning({ id: ssoIdentities.id });
  return removed.length > 0;
}

/** When the account was linked to the provider, if it is. */
export async function identityOf(
  db: Database,
  userId: string,
): Promise<{ linkedAt: Date; lastSignInAt: Date | null } | null> {
  const [row] = await db
    .select({ linkedAt: ssoIdentities.linkedAt, lastSignInAt: ssoIdentities.lastSignInAt })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId));
  return row ?? null;
}
