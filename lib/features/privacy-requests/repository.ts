/**
 * The privacy-requests repository: the only code that writes privacy_requests (a pull reads the
 * restrictions in force below the features, in lib/server/privacy/restrictions.ts). A request keeps
 * who it is for only as keyed hashes (never a name, a date of birth or a number).
 */
import { desc, eq, sql } from "drizzle-orm";

import type { RequestKind, RequestState } from "@/lib/core/privacy";
import { privacyRequests } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import type { PersonKeys } from "@/lib/server/privacy/match-key";

export type RequestRow = typeof privacyRequests.$inferSelect;

export async function insertRequest(
  db: Executor,
  input: {
    kind: RequestKind;
    reference: string | null;
    receivedAt: Date;
    dueAt: Date;
    keys: PersonKeys;
    createdBy: { id: string; email: string } | null;
  },
): Promise<RequestRow> {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      kind: input.kind,
      reference: input.reference,
      receivedAt: input.receivedAt,
      dueAt: input.dueAt,
      nameKey: input.keys.nameKey,
      birthKey: input.keys.birthKey,
      documentKey: input.keys.documentKey,
      createdBy: input.createdBy?.id ?? null,
      createdByEmail: input.createdBy?.email ?? null,
    })
    .returning();
  return row!;
}

/** One request, locked for the change the caller makes in the same transaction. */
export async function lockRequest(db: Executor, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for("update");
  return row;
}

export async function readRequest(db: Executor, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  return row;
}

/** Open requests first, by due date; then the others, newest first. */
export async function listRequestRows(db: Executor): Promise<RequestRow[]> {
  return db
    .select()
    .from(privacyRequests)
    .orderBy(
      sql`case when ${privacyRequests.state} = 'open' then 0 else 1 end`,
      sql`case when ${privacyRequests.state} = 'open' then ${privacyRequests.dueAt} end asc`,
      desc(privacyRequests.id),
    );
}

export async function closeRequestRow(
  db: Executor,
  id: number,
  change: {
    state: RequestState;
    closedAt: Date;
    closedByEmail: string | null;
    outcome: string;
    /** An erasure clears the hashes: the request finds nobody any more. */
    clearKeys?: boolean;
  },
): Promise<RequestRow> {
  const [row] = await db
    .update(privacyRequests)
    .set({
      state: change.state,
      closedAt: change.closedAt,
      closedByEmail: change.closedByEmail,
      outcome: change.outcome,
      ...(change.clearKeys && { nameKey: null, birthKey: null, documentKey: null }),
    })
    .where(eq(privacyRequests.id, id))
    .returning();
  return row!;
}

export async function markLifted(db: Executor, id: number, at: Date, outcome: string): Promise<RequestRow> {
  const [row] = await db
    .update(privacyRequests)
    .set({ liftedAt: at, outcome })
    .where(eq(privacyRequests.id, id))
    .returning();
  return row!;
}
