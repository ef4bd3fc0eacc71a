import { asc, count, eq, sql } from "drizzle-orm";

import { PERMISSIONS, type Permission, type Role, type Viewer } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import type { Database } from "@/lib/server/db/open";
import { ssoSettings, users, type User } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { hashPassword } from "./password";
import { endOtherSessions, endUserSessions } from "./sessions";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface UserInput {
  email: string;
  name: string;
  password: string;
  role: Role;
  allProperties: boolean;
  properties: string[];
  /** An admin chose the password: the person picks their own at first sign-in. */
  passwordMustChange?: boolean;
}

export interface UserChanges {
  name?: string;
  role?: Role;
  allProperties?: boolean;
  properties?: string[];
  permissions?: string[];
  /** "hand" once an admin changes the access: the identity provider's groups no longer decide it. */
  accessSource?: "hand" | "mapping";
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export function listUsers(db: Database): Promise<User[]> {
  return db.select().from(users).orderBy(asc(users.email));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export class DuplicateEmailError extends Error {
  constructor() {
    super("An account with this e-mail already exists");
    this.name = "DuplicateEmailError";
  }
}

/** PostgreSQL's unique_violation, as either driver reports it (directly or as the cause). */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error;
    e instanceof Error || (typeof e === "object" && e !== null);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === "23505") return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

export async function insertUser(db: Database, input: UserInput): Promise<User> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw new DuplicateEmailError();
  try {
    const [user] = await db
      .insert(users)
      .values({
        email,
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
        role: input.role,
        allProperties: input.allProperties,
        properties: uniqueNames(input.properties),
        passwordMustChange: input.passwordMustChange ?? false,
      })
      .returning();
    return user!;
  } catch (error) {
    // Two creations at once both pass the check above; the unique index decides. The driver's own
    // error would quote the statement's parameters (the password hash among them).
    if (isUniqueViolation(error)) throw new DuplicateEmailError();
    throw error;
  }
}

/** A new role ends the account's sessions: what a session may do was decided when it began. */
export async function updateUser(db: Database, id: string, changes: UserChanges): Promise<User | undefined> {
  return keepingAnAdmin(db, async (tx) => {
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
    const [user] = await tx
      .update(users)
      .set({
        ...changes,
        ...(changes.name !== undefined && { name: changes.name.trim() }),
        ...(changes.properties !== undefined && { properties: uniqueNames(changes.properties) }),
        // Break-glass is an admin's: an account that stops being one loses it.
        ...(changes.role !== undefined && changes.role !== "admin" && { breakGlass: false }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning();
    if (user && before && before.role !== user.role) await endUserSessions(tx, id, "role_change");
    return user;
  });
}

/** Disabling also ends every session of the account at once. */
export async function setUserDisabled(db: Database, id: string, disabled: boolean): Promise<User | undefined> {
  return keepingAnAdmin(db, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (user && disabled) await endUserSessions(tx, id, "disabled");
    return user;
  });
}

/**
 * keepingAnAdmin's refusals in English, as commands and tests read them; a request is answered in
 * the person's words (`errors.refusal.lastAdmin`, `lastBreakGlass`) by the failure mapping.
 */
export const LAST_ADMIN_MESSAGE =
  "Daybook must keep at least one enabled admin: make someone else an admin first, then change this account.";

export const LAST_BREAK_GLASS_MESSAGE =
  "Password sign-in is off except for break-glass admins, and this is the last one: mark another enabled admin " +
  "as break-glass first, or turn password sign-in back on for everyone.";

/**
 * A change to accounts that must leave at least one enabled admin, and, while password sign-in is
 * off for everyone else, one enabled break-glass admin: counted inside the change's own transaction
 * after the enabled admins' rows are locked, so two admins demoting or disabling each other at once
 * cannot both succeed, whoever each of them is.
 */
export async function keepingAnAdmin<T>(db: Database, change: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const enabledAdmins = sql`${users.role} = 'admin' and ${users.disabledAt} is null`;
    const before = await tx
      .select({ id: users.id, breakGlass: users.breakGlass })
      .from(users)
      .where(enabledAdmins)
      .for("update");
    const result = await change(tx);
    const [after] = await tx
      .select({ admins: count(), breakGlass: sql<number>`count(*) filter (where ${users.breakGlass})`.mapWith(Number) })
      .from(users)
      .where(enabledAdmins);
    // A database that has no admin yet (a first start, a test) is not the change's doing.
    if (before.length > 0 && (after?.admins ?? 0) === 0)
      throw new AppError(409, "last_admin", LAST_ADMIN_MESSAGE, "lastAdmin");
    const [settings] = await tx.select({ passwords: ssoSettings.passwordSignIn }).from(ssoSettings);
    if (settings?.passwords === "break_glass" && (after?.breakGlass ?? 0) === 0) {
      throw new AppError(409, "last_break_glass", LAST_BREAK_GLASS_MESSAGE, "lastBreakGlass");
    }
    return result;
  });
}

/** Marks an account break-glass (it keeps password sign-in when that is off for everyone else), or not. */
export async function setBreakGlass(db: Database, id: string, breakGlass: boolean): Promise<User | undefined> {
  return keepingAnAdmin(db, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ breakGlass, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return user;
  });
}

/**
 * A new password set by an admin ends the account's sessions (whoever knew the old one is signed
 * out), and the person must choose their own at the next sign-in: the admin knows this one.
 */
export async function setUserPassword(db: Database, id: string, password: string): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordMustChange: true, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (user) await endUserSessions(db, id, "password_reset");
  return user;
}

/**
 * A person's own new password: no change required any more, and every other session of theirs
 * ends (a browser left signed in elsewhere, or someone who knew the old password). Returns how many ended.
 */
export async function changeOwnPassword(
  db: Database,
  id: string,
  password: string,
  keepSessionId: string,
): Promise<number> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordMustChange: false, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    return endOtherSessions(tx, id, keepSessionId, "password_change");
  });
}

function uniqueNames(names: string[]): string[] {
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/** An account as every part of Daybook sees the person signed in with it. */
export function viewerOf(user: User, sessionId: string): Viewer {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    allProperties: user.allProperties,
    properties: user.properties,
    permissions: user.permissions.filter((grant): grant is Permission =>
      (PERMISSIONS as readonly string[]).includes(grant),
    ),
    sessionId,
  };
}
