import { inArray, sql } from "drizzle-orm";

import type { Database } from "@/lib/server/db/open";
import { signInThrottle } from "@/lib/server/db/schema";

/**
 * Failed sign-ins are counted per account name (known or not, so a lock reveals nothing) and per
 * client address. Within one window, too many failures lock the key until the lock runs out.
 */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxAccountFailures: 5,
  maxAddressFailures: 20,
} as const;

export interface ThrottleKeys {
  account: string;
  address: string | null;
}

/** The keys an attempt counts against: its address first (see `reserveAttempt`), then its account. */
function keysOf({ account, address }: ThrottleKeys): { key: string; max: number }[] {
  const keys: { key: string; max: number }[] = [];
  if (address) keys.push({ key: `address:${address}`, max: THROTTLE_POLICY.maxAddressFailures });
  keys.push({ key: `account:${account}`, max: THROTTLE_POLICY.maxAccountFailures });
  return keys;
}

/** The time until which sign-in is refused for these keys, or null when it is open. */
export async function lockedUntil(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const names = keysOf(keys).map((k) => k.key);
  const rows = await db.select().from(signInThrottle).where(inArray(signInThrottle.key, names));
  const locks = rows.map((row) => row.lockedUntil).filter((until): until is Date => !!until && until > now);
  return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
}

/** The attempts one sign-in reserved, key by key, with the count each reached. */
export interface Reservation {
  keys: { key: string; max: number; count: number }[];
  at: Date;
}

export type Reserved = { ok: true; reservation: Reservation } | { ok: false; lockedUntil: Date | null };

/**
 * Counts an attempt against each key before the password is checked, in one statement per key, so
 * that any number of attempts at once are counted one by one: those beyond a key's limit, or while
 * it is locked, are refused without hashing. The address comes first and counts every attempt made
 * from it, checked or not; an attempt its address refuses leaves the account's count alone, so
 * nobody can run up someone else's account from an address that is already refused. A locked key's
 * count does not move.
 */
export async function reserveAttempt(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Reserved> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowMs);
  const reserved: Reservation["keys"] = [];
  let refused = false;
  const locks: number[] = [];
  for (const { key, max } of keysOf(keys)) {
    if (refused) break;
    const locked = sql`${signInThrottle.lockedUntil} is not null and ${signInThrottle.lockedUntil} > ${now}`;
    const expired = sql`${signInThrottle.windowStartedAt} < ${windowStart}`;
    const [row] = await db
      .insert(signInThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: signInThrottle.key,
        set: {
          failures: sql`case when ${locked} then ${signInThrottle.failures} when ${expired} then 1 else ${signInThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${locked} then ${signInThrottle.windowStartedAt} when ${expired} then ${now} else ${signInThrottle.windowStartedAt} end`,
        },
      })
      .returning();
    if (row?.lockedUntil && row.lockedUntil > now) {
      refused = true;
      locks.push(row.lockedUntil.getTime());
    } else if (row && row.failures > max) refused = true;
    reserved.push({ key, max, count: row?.failures ?? 1 });
  }
  if (!refused) return { ok: true, reservation: { keys: reserved, at: now } };
  return { ok: false, lockedUntil: locks.length > 0 ? new Date(Math.max(...locks)) : null };
}

/** A reserved attempt failed: a key whose count reached its limit locks; returns the lock's end, if one was set. */
export async function settleFailure(db: Database, reservation: Reservation): Promise<Date | null> {
  const lockEnd = new Date(reservation.at.getTime() + THROTTLE_POLICY.lockMs);
  let locked: Date | null = null;
  for (const { key, max, count } of reservation.keys) {
    if (count < max) continue;
    await db
      .update(signInThrottle)
      .set({ lockedUntil: lockEnd, failures: 0, windowStartedAt: reservation.at })
      .where(inArray(signInThrottle.key, [key]));
    locked = lockEnd;
  }
  return locked;
}

/**
 * A reserved attempt succeeded (the password was right): the account's count is cleared, and the
 * address gives back the attempt it reserved, so people signing in from one office do not add up.
 */
export async function settleSuccess(db: Database, reservation: Reservation, account: string): Promise<void> {
  await clearAccountFailures(db, account);
  const others = reservation.keys.map((entry) => entry.key).filter((key) => key !== `account:${account}`);
  if (others.length === 0) return;
  await db
    .update(signInThrottle)
    .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
    .where(inArray(signInThrottle.key, others));
}

/** Counts one failure against each key (a reservation settled as failed); returns the lock's end when this failure set one. */
export async function recordFailure(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const reserved = await reserveAttempt(db, keys, now);
  return reserved.ok ? settleFailure(db, reserved.reservation) : null;
}

/** A successful sign-in clears the account's count; the address keeps its own. */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, [`account:${account}`]));
}
