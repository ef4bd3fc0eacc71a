import "server-only";

import type { Executor } from "@/lib/server/db/types";

import { activeRestrictions as readActiveRestrictions, type ActiveRestriction } from "./repository";

export type { ActiveRestriction } from "./repository";

/** The restrictions in force, which a pull applies to the arrivals it stores. */
export function activeRestrictions(db: Executor): Promise<ActiveRestriction[]> {
  return readActiveRestrictions(db);
}
