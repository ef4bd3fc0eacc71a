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

function keysOf({ account, address }: ThrottleKeys): { key: string; max: number }[] {
  const keys: { key: string; max: number }[] = [{ key: `account:${account}`, max: THROTTLE_POLICY.maxAccountFailures }];
  if (address) keys.push({ key: `address:${address}`, max: THROTTLE_POLICY.maxAddressFailures });
  return keys;
}

/** The time until which sign-in is refused for these keys, or null when it is open. */
export async function lockedUntil(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const names = keysOf(keys).map((k) => k.key);
  const rows = await db.select().from(signInThrottle).where(inArray(signInThrottle.key, names));
  const locks = rows.map((row) => row.lockedUntil).filter((until): until is Date => !!until && until > now);
  return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
}

/** Counts one failure against each key; returns the lock's end when this failure set one. */
export async function recordFailure(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowMs);
  const lockEnd = new Date(now.getTime() + THROTTLE_POLICY.lockMs);
  let locked: Date | null = null;
  for (const { key, max } of keysOf(keys)) {
    // One statement, so two failures at once cannot both read the old count.
    const [row] = await db
      .insert(signInThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: signInThrottle.key,
        set: {
          failures: sql`case when ${signInThrottle.windowStartedAt} < ${windowStart} then 1 else ${signInThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${signInThrottle.windowStartedAt} < ${windowStart} then ${now} else ${signInThrottle.windowStartedAt} end`,
        },
      })
      .returning();
    if (row && row.failures >= max) {
      await db
        .update(signInThrottle)
        .set({ lockedUntil: lockEnd, failures: 0, windowStartedAt: now })
        .where(inArray(signInThrottle.key, [key]));
      locked = lockEnd;
    }
  }
  return locked;
}

/** A successful sign-in clears the account's count; the address keeps its own. */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, [`account:${account}`]));
}
