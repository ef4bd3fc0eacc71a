/**
 * What a read of a stored guests or criminal-arrivals day says of the guest data no longer in it:
 * each property's part is purged at its own policy's retention, so one day can hold some
 * properties' arrivals and not others'. A screen filtered to a purged property is answered 410
 * (saying "no arrivals" would be false); an unfiltered day serves the properties still kept and
 * names the others, and counts the arrivals erased at a guest's request.
 */
import "server-only";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { AppError } from "@/lib/core/errors";
import { policyFor, type PolicySet } from "@/lib/core/privacy";
import { readGuestDayParts, readGuestPartStates, type GuestPartState } from "@/lib/features/history/store";
import type { PurgeNotes, StoredCopy } from "@/lib/features/history/types";
import type { StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";

import type { ReportWords } from "./day-choice";

/** Daybook's English, where no person's words are at hand (a command, a test). */
const ENGLISH = translatorFor("en", "reports");

/** The refusal of a day whose guest data is gone for every property the person asked for. */
export function dayPurged(day: string, t: ReportWords = ENGLISH): AppError {
  return new AppError(410, "day_purged", t("refusals.dayPurged", { day }));
}

/**
 * What the person may be told of the purged and erased arrivals of one stored day, for the
 * properties they may see (and, with a filter, of that property only). Throws 410 `day_purged` when
 * the property filtered to, or every property the person sees, has its part purged.
 */
export async function readPurgeNotes(
  db: Executor,
  {
    endpoint,
    day,
    scope,
    propertyName,
    policies,
    t,
  }: {
    endpoint: StoredEndpoint;
    day: string;
    scope: PropertyScope;
    propertyName?: string;
    policies: PolicySet;
    /** The words of a refusal: the person's (English by default). */
    t?: ReportWords;
  },
): Promise<PurgeNotes> {
  return purgeNotes(await readGuestPartStates(db, endpoint, day), { day, scope, propertyName, policies, t });
}

/** `readPurgeNotes` over parts already read. */
export function purgeNotes(
  parts: readonly GuestPartState[],
  {
    day,
    scope,
    propertyName,
    policies,
    t = ENGLISH,
  }: { day: string; scope: PropertyScope; propertyName?: string; policies: PolicySet; t?: ReportWords },
): PurgeNotes {
  const visible = parts.filter((part) => canSeeProperty(scope, part.propertyName));
  const asked =
    propertyName === undefined
      ? visible
      : visible.filter((part) => propertyKey(part.propertyName) === propertyKey(propertyName));
  if (asked.length > 0 && asked.every((part) => part.itemsPurgedAt !== null)) {
    if (propertyName === undefined) throw dayPurged(day, t);
    const name = asked[0]!.propertyName;
    const policy = policyFor(policies, name);
    throw new AppError(
      410,
      "day_purged",
      t("refusals.propertyPurged", { property: name, day, policy: policy.name, days: policy.retentionDays }),
    );
  }
  return {
    purgedProperties: asked
      .filter((part) => part.itemsPurgedAt !== null)
      .map((part) => {
        const policy = policyFor(policies, part.propertyName);
        return { propertyName: part.propertyName, policy: policy.name, retentionDays: policy.retentionDays };
      }),
    erasedArrivals: asked.reduce((n, part) => n + part.erasedItems, 0),
  };
}

/**
 * The days a guest screen offers, newest first: a day stays on the list while some part the person
 * may see still holds guest data. A day of none of the person's properties is offered while any of
 * its parts does (which days exist says nothing about any property).
 */
export async function offeredGuestDays(
  db: Executor,
  endpoint: StoredEndpoint,
  days: readonly StoredCopy[],
  scope: PropertyScope | undefined,
): Promise<StoredCopy[]> {
  const parts = await readGuestDayParts(db, endpoint);
  return days.filter((copy) => {
    const all = parts.get(copy.reportedDate) ?? [];
    if (all.length === 0) return copy.itemsPurgedAt === null;
    const visible = scope ? all.filter((part) => canSeeProperty(scope, part.propertyName)) : all;
    return (visible.length > 0 ? visible : all).some((part) => !part.purged);
  });
}
