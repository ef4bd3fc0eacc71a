import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";

import type { Database } from "@/lib/server/db/open";
import { signInThrottle } from "@/lib/server/db/schema";

/**
 * Failed sign-ins are counted per account name (known or not, so a delay reveals nothing) and per
 * client address. An account is never locked outright, which would let anyone keep someone's
 * account (the admin's) shut for good: after the allowed failures it must wait before each further
 * attempt, a wait that doubles with every failure up to a cap. Whoever knows the password gets in
 * after the wait; a guesser gets one guess per wait. An admin can clear the wait (`unlockAccount`).
 *
 * An address is never refused either: many people share one (a hotel's front office, its guest
 * Wi-Fi), and a lock would shut every one of them out for someone else's mistakes. Past its allowed
 * failures within one window, each sign-in from it is slowed before its password is checked, by a
 * delay that doubles with every further attempt up to a short cap: a right password still gets in,
 * later; a sprayer over many accounts waits before every guess.
 */
export const THROTTLE_POLICY = {
  windowMs: 15 * 60_000,
  maxAccountFailures: 5,
  maxAddressFailures: 20,
  /** The delay of the first sign-in past the address's allowed failures; each further one doubles it. */
  addressDelayMs: 1_000,
  /** No sign-in from an address is slowed longer than this: short enough to wait for on the page. */
  addressDelayCapMs: 30_000,
  /** The wait after the account's allowed failures; each further failure doubles it. */
  accountDelayMs: 30_000,
  /** No single wait is longer than this. */
  accountDelayCapMs: 15 * 60_000,
  /**
   * An account's failures are forgotten this long after the last one. Longer than the cap, so that
   * waiting out the longest delay does not also wipe the count that set it.
   */
  accountForgetMs: 24 * 3_600_000,
} as const;

/** Nothing before `allowed` failures, then `firstMs`, doubling with each further failure, never more than `capMs`. */
function doublingDelayMs(failures: number, allowed: number, firstMs: number, capMs: number): number {
  if (failures < allowed) return 0;
  return Math.min(capMs, firstMs * 2 ** Math.min(failures - allowed, 30));
}

/**
 * How long an account waits after its `failures`-th failure in a row: nothing before the allowed
 * number, then accountDelayMs, doubling with each further failure, never more than the cap.
 */
export function accountDelayMs(
  failures: number,
  policy: { maxAccountFailures: number; accountDelayMs: number; accountDelayCapMs: number } = THROTTLE_POLICY,
): number {
  return doublingDelayMs(failures, policy.maxAccountFailures, policy.accountDelayMs, policy.accountDelayCapMs);
}

/**
 * How long a sign-in from an address waits before its password is checked, when the address's
 * window already holds `failures` failed attempts: nothing before the allowed number, then
 * addressDelayMs, doubling with each further failure, never more than the cap.
 */
export function addressDelayMs(
  failures: number,
  policy: { maxAddressFailures: number; addressDelayMs: number; addressDelayCapMs: number } = THROTTLE_POLICY,
): number {
  return doublingDelayMs(failures, policy.maxAddressFailures, policy.addressDelayMs, policy.addressDelayCapMs);
}

/** The failures an address's window holds now (none once the window is over). */
export async function addressFailures(db: Database, address: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select()
    .from(signInThrottle)
    .where(eq(signInThrottle.key, `address:${address}`));
  if (!row || row.windowStartedAt.getTime() < now.getTime() - THROTTLE_POLICY.windowMs) return 0;
  return row.failures;
}

export interface ThrottleKeys {
  account: string;
  address: string | null;
}

type KeyKind = "address" | "account";

/** The keys an attempt counts against: its address first (see `reserveAttempt`), then its account. */
function keysOf({ account, address }: ThrottleKeys): { key: string; max: number; kind: KeyKind }[] {
  const keys: { key: string; max: number; kind: KeyKind }[] = [];
  if (address) keys.push({ key: `address:${address}`, max: THROTTLE_POLICY.maxAddressFailures, kind: "address" });
  keys.push({ key: `account:${account}`, max: THROTTLE_POLICY.maxAccountFailures, kind: "account" });
  return keys;
}

/** The time until which sign-in is refused for these keys (only an account waits), or null when it is open. */
export async function lockedUntil(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const names = keysOf(keys)
    .filter((k) => k.kind === "account")
    .map((k) => k.key);
  const rows = await db.select().from(signInThrottle).where(inArray(signInThrottle.key, names));
  const locks = rows.map((row) => row.lockedUntil).filter((until): until is Date => !!until && until > now);
  return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
}

/** The attempts one sign-in reserved, key by key, with the count each reached. */
export interface Reservation {
  keys: { key: string; max: number; count: number; kind: KeyKind; waitUntil: Date | null }[];
  at: Date;
}

export type Reserved = { ok: true; reservation: Reservation } | { ok: false; lockedUntil: Date | null };

/**
 * Counts an attempt against an address, never refused (its delay came before, see
 * lib/server/auth/address-delay.ts). A lock an address row may still hold from before addresses
 * were slowed instead is dropped.
 */
async function reserveAddress(db: Database, key: string, now: Date) {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowMs);
  const expired = sql`${signInThrottle.windowStartedAt} < ${windowStart}`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${signInThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${signInThrottle.windowStartedAt} end`,
        lockedUntil: null,
      },
    })
    .returning();
  return { refused: false, lock: null, count: row?.failures ?? 1 };
}

/**
 * Counts an attempt against an account, refused while the account waits. The attempt that reaches
 * the allowed number (or any later one) starts the next wait at once, before its password is
 * checked: attempts at once cannot all slip through one opening, and a right password clears the
 * wait (`settleSuccess`). The update re-checks the wait under the row's lock, so of attempts at
 * once only those the count allows get a row back.
 */
async function reserveAccount(db: Database, key: string, now: Date) {
  const { maxAccountFailures: max, accountDelayMs: base, accountDelayCapMs: cap } = THROTTLE_POLICY;
  const forgetBefore = new Date(now.getTime() - THROTTLE_POLICY.accountForgetMs);
  await db.insert(signInThrottle).values({ key, failures: 0, windowStartedAt: now }).onConflictDoNothing();
  // windowStartedAt is, for an account, its last counted attempt: failures are forgotten a day after it.
  const count = sql`case when ${signInThrottle.windowStartedAt} < ${forgetBefore} then 1 else ${signInThrottle.failures} + 1 end`;
  const waitMs = sql`least(${cap}, ${base} * power(2, least(${count} - ${max}, 30)))`;
  const [row] = await db
    .update(signInThrottle)
    .set({
      failures: count,
      windowStartedAt: now,
      lockedUntil: sql`case when ${count} >= ${max} then cast(${now.toISOString()} as timestamptz) + ${waitMs} * interval '1 millisecond' else null end`,
    })
    .where(
      and(eq(signInThrottle.key, key), or(isNull(signInThrottle.lockedUntil), lte(signInThrottle.lockedUntil, now))),
    )
    .returning();
  if (row) return { refused: false, lock: null, count: row.failures, waitUntil: row.lockedUntil };
  const [waiting] = await db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
  return { refused: true, lock: waiting?.lockedUntil ?? null, count: waiting?.failures ?? 0, waitUntil: null };
}

/**
 * Counts an attempt against each key before the password is checked, in one statement per key, so
 * that any number of attempts at once are counted one by one: those made while the account waits
 * are refused without hashing. The address comes first and counts every attempt made from it,
 * checked or not, which sets the delay of the next ones from there.
 */
export async function reserveAttempt(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Reserved> {
  const reserved: Reservation["keys"] = [];
  const locks: number[] = [];
  for (const { key, max, kind } of keysOf(keys)) {
    const answer =
      kind === "address"
        ? { ...(await reserveAddress(db, key, now)), waitUntil: null }
        : await reserveAccount(db, key, now);
    if (answer.lock) locks.push(answer.lock.getTime());
    if (answer.refused) {
      return { ok: false, lockedUntil: locks.length > 0 ? new Date(Math.max(...locks)) : null };
    }
    reserved.push({ key, max, count: answer.count, kind, waitUntil: answer.waitUntil });
  }
  return { ok: true, reservation: { keys: reserved, at: now } };
}

/**
 * A reserved attempt failed: the account waits as its reservation already set, and the address
 * keeps the attempt it counted. Returns until when the account's sign-in is now refused, if it is.
 */
export async function settleFailure(_db: Database, reservation: Reservation): Promise<Date | null> {
  const ends = reservation.keys.flatMap(({ kind, waitUntil }) =>
    kind === "account" && waitUntil ? [waitUntil.getTime()] : [],
  );
  return ends.length > 0 ? new Date(Math.max(...ends)) : null;
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

/** An admin lets an account try again at once: its failures and any wait are gone (its addresses keep theirs). */
export async function unlockAccount(db: Database, account: string): Promise<boolean> {
  const removed = await db
    .delete(signInThrottle)
    .where(inArray(signInThrottle.key, [`account:${account}`]))
    .returning({ key: signInThrottle.key });
  return removed.length > 0;
}

/** An account's failures in a row and the wait they set, for the admin's account screen. */
export async function accountThrottle(
  db: Database,
  account: string,
  now = new Date(),
): Promise<{ failures: number; waitUntil: Date | null }> {
  const [row] = await db
    .select()
    .from(signInThrottle)
    .where(eq(signInThrottle.key, `account:${account}`));
  if (!row || row.windowStartedAt.getTime() < now.getTime() - THROTTLE_POLICY.accountForgetMs)
    return { failures: 0, waitUntil: null };
  return { failures: row.failures, waitUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null };
}
