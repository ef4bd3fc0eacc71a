/**
 * The privacy-requests repository: the only code that touches privacy_requests.
 */
import { and, eq, isNull } from "drizzle-orm";

import { privacyRequests } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import type { PersonKeys } from "@/lib/server/privacy/match-key";

/** A restriction in force: arrivals of its person are kept and shown nowhere, new ones included. */
export interface ActiveRestriction extends PersonKeys {
  requestId: number;
}

export async function activeRestrictions(db: Executor): Promise<ActiveRestriction[]> {
  const rows = await db
    .select({
      requestId: privacyRequests.id,
      nameKey: privacyRequests.nameKey,
      birthKey: privacyRequests.birthKey,
      documentKey: privacyRequests.documentKey,
    })
    .from(privacyRequests)
    .where(
      and(eq(privacyRequests.kind, "restriction"), eq(privacyRequests.state, "done"), isNull(privacyRequests.liftedAt)),
    );
  return rows;
}
