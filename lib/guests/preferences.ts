import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { userPreferences } from "@/lib/db/schema";
import { GUEST_COLUMNS_PREFERENCE, parseStoredColumns, type OptionalColumnId } from "./columns";

/** The person's column choice for the first paint; the default when none is stored or the database cannot say. */
export async function readGuestColumns(userId: string): Promise<OptionalColumnId[]> {
  try {
    const db = await getDb();
    const [row] = await db
      .select({ value: userPreferences.value })
      .from(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, GUEST_COLUMNS_PREFERENCE)))
      .limit(1);
    return parseStoredColumns(row?.value ?? null);
  } catch (error) {
    console.error(`guests: reading the column choice failed (${error instanceof Error ? error.name : "unknown error"})`);
    return parseStoredColumns(null);
  }
}

export async function writeGuestColumns(userId: string, visible: readonly OptionalColumnId[]): Promise<void> {
  const db = await getDb();
  const value = { visible: [...visible] };
  await db
    .insert(userPreferences)
    .values({ userId, key: GUEST_COLUMNS_PREFERENCE, value })
    .onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.key], set: { value, updatedAt: sql`now()` } });
}
