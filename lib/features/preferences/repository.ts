import { and, eq, sql } from "drizzle-orm";

import { userPreferences } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

/**
 * The only code that touches user_preferences: one small JSON value per person and key. Each
 * feature interprets its own keys' values; a person's rows go with their account.
 */

/** The stored value, or null when the person never chose. */
export async function readPreference(db: Executor, userId: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)))
    .limit(1);
  return row?.value ?? null;
}

/** Stores the value, replacing an earlier one. */
export async function writePreference(db: Executor, userId: string, key: string, value: unknown): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, key, value })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: sql`now()` },
    });
}

/** Everyone's stored value under a key, by person (for work done for everyone, such as the morning mail). */
export async function readPreferenceOfEveryone(db: Executor, key: string): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ userId: userPreferences.userId, value: userPreferences.value })
    .from(userPreferences)
    .where(eq(userPreferences.key, key));
  return new Map(rows.map((row) => [row.userId, row.value]));
}
