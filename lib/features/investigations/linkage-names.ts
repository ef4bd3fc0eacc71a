import "server-only";

import { readStayNames, type StayRef } from "@/lib/features/history/screening";
import type { Executor } from "@/lib/server/db/types";

import { NAME_NOT_CAPTURED, shownName } from "./linkage";

export { NAME_NOT_CAPTURED };

/** One statement's worth of arrivals. */
const NAMES_AT_ONCE = 1_000;

export const refId = (ref: StayRef) => `${ref.reportId}:${ref.position}`;

/**
 * The guests' names of these stored arrivals, as shown, by `refId`. Called only with the arrivals
 * of the rows a page or file shows whole: a name is never read for an entry whose person may not
 * see every property involved.
 */
export async function namesOf(db: Executor, refs: readonly StayRef[]): Promise<Map<string, string>> {
  const unique = [...new Map(refs.map((ref) => [refId(ref), ref])).values()];
  const names = new Map<string, string>();
  for (let start = 0; start < unique.length; start += NAMES_AT_ONCE) {
    for (const [key, name] of await readStayNames(db, unique.slice(start, start + NAMES_AT_ONCE)))
      names.set(key, shownName(name));
  }
  return names;
}
