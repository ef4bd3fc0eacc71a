/**
 * Guests' privacy requests, on a database given: what server.ts (screens) and `npm run privacy` (the
 * command) both run, so the rules and the audit are the same whichever way a request is answered.
 *
 * The person a request is for is typed once (a name and a date of birth, or a document number),
 * hashed with the database's match key at once, and from then on known only by those keyed hashes:
 * no raw value reaches a query's text, a URL, a log line, an audit entry or the request's record.
 * The steps that change what is held of the person (erase, restrict, lift) are in
 * erasure-restriction.ts, and answer to this module's callers from here.
 */
import { z } from "zod";

import type { PropertyScope } from "@/lib/core/access";
import { isCalendarDay, utcDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import type { RequestKind } from "@/lib/core/privacy";
import { readPolicies } from "@/lib/features/privacy/server";
import { getConfig } from "@/lib/server/config";
import type { Database } from "@/lib/server/db/types";

import { buildArchive } from "./archive";
import { countsOf, holdingsOf, outcomeOf } from "./holdings";
import { checkPerson, checkReason, keysOf } from "./person-input";
import { RequestRefusal } from "./refusal";
import { closeRequestRow, insertRequest, listRequestRows, lockRequest } from "./repository";
import {
  audit,
  closing,
  dueAtFor,
  isSearchable,
  keysOfRequest,
  requestView,
  requireRequest,
  type Requester,
  type StepContext,
} from "./request-record";
import type { PersonPlaces, PersonQuery, PrivacyRequestView } from "./types";

export { eraseRequest, liftRestriction, restrictRequest, type EraseOutcome } from "./erasure-restriction";
export { WHOLE_GROUP, type Requester, type StepContext } from "./request-record";

export async function listRequests(db: Database, now: Date): Promise<PrivacyRequestView[]> {
  return (await listRequestRows(db)).map((row) => requestView(row, now));
}

const openSchema = z.object({
  kind: z.enum(["access", "erasure", "restriction"], { error: "Choose the kind of request." }),
  reference: z
    .string()
    .trim()
    .max(120, "Keep the reference to 120 characters or fewer.")
    .nullable()
    .transform((value) => (value ? value : null)),
  receivedOn: z
    .string()
    .trim()
    .refine(isCalendarDay, "Enter the day the request was received as YYYY-MM-DD.")
    .optional(),
});

export async function openRequest(
  db: Database,
  who: Requester,
  input: { kind: RequestKind; reference: string | null; receivedOn?: string; person: PersonQuery },
  ctx: StepContext,
): Promise<PrivacyRequestView> {
  const now = ctx.now ?? new Date();
  const parsed = openSchema.safeParse({
    kind: input.kind,
    reference: input.reference ?? null,
    receivedOn: input.receivedOn || undefined,
  });
  if (!parsed.success) throw new AppError(400, "invalid_request", parsed.error.issues[0]!.message);
  const person = checkPerson(input.person);
  const receivedOn = parsed.data.receivedOn ?? utcDay(now);
  if (receivedOn > utcDay(now)) throw new RequestRefusal(400, "invalid_request", "receivedInFuture");
  const keys = await keysOf(db, person);
  const row = await insertRequest(db, {
    kind: parsed.data.kind,
    reference: parsed.data.reference,
    receivedAt: new Date(`${receivedOn}T00:00:00Z`),
    dueAt: dueAtFor(receivedOn, getConfig().privacy.requestDueDays),
    keys,
    createdBy: who.actor,
  });
  await audit(db, who, ctx, {
    action: "privacy.request_open",
    id: row.id,
    details: {
      kind: row.kind,
      by: undefined,
      foundBy: person.by,
      receivedOn,
      dueOn: row.dueAt.toISOString().slice(0, 10),
    },
  });
  return requestView(row, now);
}

export async function getRequest(
  db: Database,
  scope: PropertyScope,
  id: number,
  now: Date,
): Promise<{ request: PrivacyRequestView; places: PersonPlaces | null }> {
  const row = await requireRequest(db, id);
  const places = isSearchable(row)
    ? (await holdingsOf(db, keysOfRequest(row), await readPolicies(db), scope)).places
    : null;
  return { request: requestView(row, now), places };
}

export async function findPerson(
  db: Database,
  who: Requester,
  person: PersonQuery,
  ctx: StepContext,
): Promise<PersonPlaces> {
  const checked = checkPerson(person);
  const keys = await keysOf(db, checked);
  const { places } = await holdingsOf(db, keys, await readPolicies(db), who.scope);
  await audit(db, who, ctx, { action: "privacy.find", details: { foundBy: checked.by, ...countsOf(places) } });
  return places;
}

export async function exportRequest(
  db: Database,
  who: Requester,
  id: number,
  ctx: StepContext,
): Promise<{ filename: string; archive: Uint8Array }> {
  const now = ctx.now ?? new Date();
  const row = await requireRequest(db, id);
  if (!isSearchable(row)) {
    throw new RequestRefusal(409, "request_not_searchable", "guestErased");
  }
  const holdings = await holdingsOf(db, keysOfRequest(row), await readPolicies(db), who.scope);
  // Restricted arrivals are in the archive: a restriction hides the guest from everyone else, and the
  // guest is still entitled to everything Daybook holds of them.
  const archive = buildArchive({ requestId: row.id, exportedAt: now, ...holdings });
  const counts = countsOf(holdings.places);
  if (row.kind === "access" && row.state === "open") {
    await closeRequestRow(db, row.id, closing(who, now, "done", outcomeOf("Exported", holdings.places)));
  }
  await audit(db, who, ctx, {
    action: "privacy.export",
    id: row.id,
    details: {
      ...counts,
      reviews: holdings.places.reviews.length,
      signOffNotes: holdings.places.signOffNotes.length,
      reveals: holdings.places.reveals.length,
      exports: holdings.places.exports.length,
    },
  });
  return { filename: `daybook-privacy-request-${row.id}.zip`, archive };
}

export async function closeRequest(
  db: Database,
  who: Requester,
  id: number,
  input: { state: "withdrawn" | "refused"; reason: string },
  ctx: StepContext,
): Promise<PrivacyRequestView> {
  const now = ctx.now ?? new Date();
  const reason = checkReason(input.reason);
  if (input.state !== "withdrawn" && input.state !== "refused") {
    throw new RequestRefusal(400, "invalid_state", "closeState");
  }
  await requireRequest(db, id);
  const row = await db.transaction(async (tx) => {
    const locked = (await lockRequest(tx, id))!;
    if (locked.state !== "open") throw new RequestRefusal(409, "request_closed", "requestClosed");
    const outcome = `${input.state === "withdrawn" ? "Withdrawn" : "Refused"}: ${reason}`;
    return closeRequestRow(tx, id, closing(who, now, input.state, outcome));
  });
  await audit(db, who, ctx, { action: "privacy.request_close", id, details: { state: input.state, reason } });
  return requestView(row, now);
}
