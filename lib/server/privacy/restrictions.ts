/**
 * The restrictions in force: what a pull applies to the arrivals it stores. Read here, below the
 * features, so that the policies (which a pull reads with them) and the requests (which make and
 * lift them) do not depend on each other.
 */
import { and, eq, isNull } from "drizzle-orm";

import { privacyRequests } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import { matchesPerson, personKeys, type PersonKeys } from "./match-key";

/** A restriction in force: arrivals of its person are kept and shown nowhere, new ones included. */
export interface ActiveRestriction extends PersonKeys {
  requestId: number;
}

/** Done restriction requests not lifted since, with the keyed hashes of their person. */
export async function activeRestrictions(db: Executor): Promise<ActiveRestriction[]> {
  return db
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
}

/**
 * A live answer (one the API gave for a day Daybook does not hold yet) without the guest arrivals
 * of restricted people, for code that serves an answer before it is read back from the store. A
 * criminal arrival carries neither a date of birth nor a number: it is hidden once stored, by its
 * guest arrival of the same check-in.
 */
export function withoutRestricted<
  T extends {
    firstName: string | null;
    lastName: string | null;
    dateOfBirth?: string | null;
    identificationNumber?: string | null;
  },
>(items: readonly T[], restrictions: readonly ActiveRestriction[], key: Buffer): T[] {
  if (restrictions.length === 0) return [...items];
  return items.filter((item) => {
    const keys = personKeys(key, {
      firstName: item.firstName,
      lastName: item.lastName,
      dateOfBirth: item.dateOfBirth ?? null,
      documentNumber: item.identificationNumber ?? null,
    });
    if (keys.birthKey === null && keys.documentKey === null) return true;
    return !restrictions.some((restriction) => matchesPerson(keys, restriction));
  });
}
