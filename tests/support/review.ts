import type { Role } from "@/lib/core/access";
import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { itemKeyOf } from "@/lib/features/review/item-key";
import type { ReviewActor, ReviewContext } from "@/lib/features/review/server";
import { viewerOf } from "@/lib/server/auth/users";
import { itemReviews, type User } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import type { CriminalArrival, CriminalArrivalsReport } from "@/lib/server/partner-api";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { apiFor, pullInstant } from "@/tests/support/partner-api";
import type { LaunchedSimulator } from "@/tests/support/simulator";

export const RIVERSIDE = "Riverside & Co. Hotel";
export const HARBOUR = "Harbour View Hotel";
export const ZURICH = "Grand Hotel Zürich";

/** Day `day`'s criminal arrivals as the real simulator serves them at the day's pull, its clock moved and given back. */
export async function pullDay(
  sim: LaunchedSimulator,
  day: string,
): Promise<{ report: CriminalArrivalsReport; pulledAt: Date }> {
  const pulledAt = pullInstant(day);
  await sim.setClock(pulledAt.toISOString());
  try {
    const report = await apiFor(sim).criminalArrivals();
    if (report.reportedDateLocal !== day)
      throw new Error(`expected ${day}, the simulator reported ${report.reportedDateLocal}`);
    return { report, pulledAt };
  } finally {
    await sim.setClock(null);
  }
}

/** Pulls day `day`'s criminal arrivals from the real simulator with its clock moved, and stores them. */
export async function storeDay(
  db: Database,
  sim: LaunchedSimulator,
  day: string,
): Promise<{ items: CriminalArrival[]; pulledAt: Date }> {
  const { report, pulledAt } = await pullDay(sim, day);
  await storeReport(db, "criminal-arrivals", report, { pulledAt, privacy: await readStorePrivacy(db) });
  return { items: report.items, pulledAt };
}

/** The simulator's live report at a given instant (yesterday then), as the DAL would read it. */
export function liveAt(sim: LaunchedSimulator, instant: Date) {
  return async (): Promise<CriminalArrival[]> => {
    await sim.setClock(instant.toISOString());
    try {
      return (await apiFor(sim).criminalArrivals()).items;
    } finally {
      await sim.setClock(null);
    }
  };
}

/** A person as the review feature sees them (a Viewer is one); no session is needed to act in a test. */
export function actorOf(user: User): ReviewActor {
  return viewerOf(user, "no-session");
}

export async function person(
  db: Database,
  role: Role,
  properties: string[] | "all",
  name: string,
): Promise<ReviewActor> {
  const user = await addUser(db, uniqueEmail(role), {
    role,
    name,
    allProperties: properties === "all",
    properties: properties === "all" ? [] : properties,
  });
  return actorOf(user);
}

export function contextOf(db: Database, actor: ReviewActor, extra: Partial<ReviewContext> = {}): ReviewContext {
  return { db, actor, clientAddress: "127.0.0.1", ...extra };
}

/** One property's criminal arrivals of one local day: a list. */
export function listIn(items: readonly CriminalArrival[], property: string, day: string): CriminalArrival[] {
  return items.filter((item) => item.propertyName === property && item.checkInDateLocal === day);
}

/**
 * A review as Daybook kept it before outcomes were asked: who and when, and no outcome, police flag,
 * match or source (the columns added later, as the migration left the rows it found).
 */
export async function reviewBeforeOutcomes(
  db: Database,
  item: CriminalArrival,
  reviewer: ReviewActor,
  at = new Date(),
): Promise<void> {
  await db.insert(itemReviews).values({
    itemKey: itemKeyOf(item),
    propertyName: item.propertyName,
    propertyTimeZone: null,
    listDate: item.checkInDateLocal,
    checkInAtUtc: item.checkInAtUtc,
    reviewedBy: reviewer.id,
    reviewerEmail: reviewer.email,
    reviewerName: reviewer.name,
    reviewedAt: at,
    note: null,
  });
}
