/**
 * Guests' privacy requests, on a database given: what server.ts (screens) and `npm run privacy` (the
 * command) both run, so the rules and the audit are the same whichever way a request is answered.
 *
 * The person a request is for is typed once (a name and a date of birth, or a document number),
 * hashed with the database's match key at once, and from then on known only by those keyed hashes:
 * no raw value reaches a query's text, a URL, a log line, an audit entry or the request's record.
 */
import { z } from "zod";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import { addDays, isCalendarDay, utcDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import { isOverdue, policyFor, type PolicySet, type RequestKind } from "@/lib/core/privacy";
import { crossReportKey, propertyZoneOf } from "@/lib/core/property-names";
import { forgetGuestIndexes } from "@/lib/features/guests/server";
import {
  eraseArrivals,
  findPersonArrivals,
  liftArrivals,
  restrictArrivals,
  type StoredPersonArrival,
} from "@/lib/features/history/person";
import { readKnownProperties } from "@/lib/features/history/store";
import { readPolicies, recordPurges, type PurgeEntry } from "@/lib/features/privacy/server";
import { forgetHeldReports } from "@/lib/features/reports/server";
import { itemKeyOf } from "@/lib/features/review/item-key";
import {
  forgetReviewsOfItems,
  reviewsOfItems,
  rewriteSignOffTexts,
  signOffsOfLists,
} from "@/lib/features/review/server";
import { arrivalExportsOf, forgetCheckInsOf, revealsOf } from "@/lib/server/audit/person";
import { recordAudit } from "@/lib/server/audit/record";
import { getConfig } from "@/lib/server/config";
import type { Database, Executor } from "@/lib/server/db/types";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { getMatchKey, personKeys, type PersonKeys } from "@/lib/server/privacy/match-key";

import { buildArchive } from "./archive";
import { eraseName, mentionsName, nameWords } from "./mentions";
import { RequestRefusal } from "./refusal";
import {
  closeRequestRow,
  insertRequest,
  listRequestRows,
  lockRequest,
  markLifted,
  readRequest,
  type RequestRow,
} from "./repository";
import type { PersonArrival, PersonPlaces, PersonQuery, PrivacyRequestView } from "./types";

/** Who answers a request: a person with the permission (checked by the caller), or the command. */
export interface Requester {
  actor: { id: string; email: string } | null;
  /** Said in every audit entry of the command ("command line"), as the other commands do. */
  by?: string;
  /**
   * The properties the request is answered within: a step finds, shows, exports, erases and
   * restricts only the person's arrivals there (and what leads to them), so the grant opens no
   * property its holder cannot otherwise see. WHOLE_GROUP for an admin, a person with every
   * property, and the command line.
   */
  scope: PropertyScope;
}

/** Every property of the group, now and to come. */
export const WHOLE_GROUP: PropertyScope = { allProperties: true, properties: [] };

export interface StepContext {
  clientAddress: string | null;
  now?: Date;
}

// ——— Input ———

const personQuerySchema = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("name and date of birth"),
    name: z
      .string({ error: "Enter the guest's first and last name." })
      .trim()
      .min(1, "Enter the guest's first and last name.")
      .max(200, "Keep the name to 200 characters or fewer."),
    dateOfBirth: z
      .string({ error: "Enter the date of birth as YYYY-MM-DD." })
      .trim()
      .refine(isCalendarDay, "Enter the date of birth as YYYY-MM-DD, a real calendar day."),
  }),
  z.object({
    by: z.literal("document number"),
    documentNumber: z
      .string({ error: "Enter the document number." })
      .trim()
      .min(1, "Enter the document number.")
      .max(100, "A document number has at most 100 characters."),
  }),
]);

/** The person as typed, checked; an error names the field, never its value. */
function checkPerson(person: PersonQuery): PersonQuery {
  const parsed = personQuerySchema.safeParse(person);
  if (!parsed.success) {
    throw new AppError(400, "invalid_person", parsed.error.issues[0]?.message ?? "Say who the request is for.");
  }
  return parsed.data;
}

const reasonSchema = z
  .string({ error: "Give a reason." })
  .trim()
  .min(1, "Give a reason.")
  .max(500, "Keep the reason to 500 characters or fewer.");

function checkReason(reason: string): string {
  const parsed = reasonSchema.safeParse(reason);
  if (!parsed.success) throw new AppError(400, "invalid_reason", parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The keyed hashes of the person: the raw values go no further than this function. */
async function keysOf(db: Executor, person: PersonQuery): Promise<PersonKeys> {
  const key = await getMatchKey(db, getKeyring());
  const keys =
    person.by === "document number"
      ? personKeys(key, { documentNumber: person.documentNumber })
      : { ...personKeys(key, { name: person.name, dateOfBirth: person.dateOfBirth }), documentKey: null };
  if (keys.nameKey === null && keys.documentKey === null) {
    throw new RequestRefusal(400, "invalid_person", "nameWithoutLetters");
  }
  return keys;
}

// ——— Where the person is held ———

/** Everything held of a person: the places a screen lists, and what an export or an erasure acts on. */
interface Holdings {
  places: PersonPlaces;
  arrivals: StoredPersonArrival[];
  reviews: Awaited<ReturnType<typeof reviewsOfItems>>;
  signOffs: Awaited<ReturnType<typeof signOffsOfLists>>;
  itemKeys: string[];
  names: Set<string>;
}

const text = (item: Record<string, unknown>, field: string) =>
  typeof item[field] === "string" ? (item[field] as string) : null;

/** What a page says was searched: every property, or these (sorted). */
function searchedIn(scope: PropertyScope): PersonPlaces["searched"] {
  return scope.allProperties
    ? { allProperties: true, properties: [] }
    : { allProperties: false, properties: [...new Set(scope.properties)].sort() };
}

async function holdingsOf(
  db: Executor,
  keys: PersonKeys,
  policies: PolicySet,
  scope: PropertyScope,
): Promise<Holdings> {
  // A criminal arrival is at the property of its guest arrival: one filter keeps the pairs whole, and
  // reviews, notes, reveals and exports below follow from the arrivals kept.
  const found = (await findPersonArrivals(db, keys, policies)).filter((arrival) =>
    canSeeProperty(scope, arrival.propertyName),
  );
  // Only what is certainly theirs is exported, erased or restricted, and leads to reviews and notes.
  const arrivals = found.filter((arrival) => arrival.certain);
  const criminal = arrivals.filter((arrival) => arrival.endpoint === "criminal-arrivals");
  const itemKeys = [
    ...new Set(
      criminal.map((arrival) =>
        itemKeyOf({
          propertyName: arrival.propertyName,
          checkInAtUtc: arrival.checkInAtUtc,
          firstName: text(arrival.item, "firstName") ?? "",
          lastName: text(arrival.item, "lastName") ?? "",
        }),
      ),
    ),
  ];
  const names = nameWords(
    arrivals.flatMap((arrival) => [text(arrival.item, "firstName"), text(arrival.item, "lastName")]),
  );
  const lists = [
    ...new Map(
      criminal.map((arrival) => [
        JSON.stringify([arrival.propertyName, arrival.checkInDateLocal]),
        { propertyName: arrival.propertyName, listDate: arrival.checkInDateLocal },
      ]),
    ).values(),
  ];
  const checkIns = arrivals.map(({ propertyName, checkInAtUtc }) => ({ propertyName, checkInAtUtc }));
  const days = [...new Set(arrivals.flatMap((arrival) => [arrival.day, arrival.checkInDateLocal]))].sort();
  const [reviews, allSignOffs, reveals, exports] = await Promise.all([
    reviewsOfItems(db, itemKeys),
    signOffsOfLists(db, lists),
    revealsOf(db, checkIns),
    arrivalExportsOf(db, days),
  ]);
  const signOffs = allSignOffs.filter((row) => mentionsName(row.note, names) || mentionsName(row.undoneReason, names));
  // An export of a day included the person when it was not narrowed to another property.
  const propertiesOfDay = new Map<string, Set<string>>();
  for (const arrival of arrivals) {
    for (const day of [arrival.day, arrival.checkInDateLocal]) {
      propertiesOfDay.set(day, (propertiesOfDay.get(day) ?? new Set()).add(propertyKey(arrival.propertyName)));
    }
  }
  const included = exports.filter(
    (entry) =>
      entry.day !== null &&
      (entry.propertyFilter === null ||
        (propertiesOfDay.get(entry.day)?.has(propertyKey(entry.propertyFilter)) ?? false)),
  );

  // A check-in is shown in its property's zone: a guest arrival names it, its criminal arrival (which
  // carries none) takes its guest arrival's, and else the one zone Daybook knows for the name.
  const known = await readKnownProperties(db);
  const identity = (arrival: StoredPersonArrival) =>
    crossReportKey({
      propertyName: arrival.propertyName,
      checkInAtUtc: arrival.checkInAtUtc,
      firstName: text(arrival.item, "firstName"),
      lastName: text(arrival.item, "lastName"),
    });
  const arrivalZones = new Map(
    found.flatMap((arrival) => {
      const zone = text(arrival.item, "propertyTimeZone");
      return zone ? [[identity(arrival), zone] as const] : [];
    }),
  );
  const toPersonArrival = (arrival: StoredPersonArrival): PersonArrival => {
    const policy = policyFor(policies, arrival.propertyName);
    return {
      endpoint: arrival.endpoint,
      day: arrival.day,
      checkInDateLocal: arrival.checkInDateLocal,
      checkInAtUtc: arrival.checkInAtUtc,
      localZone: propertyZoneOf(known, arrival.propertyName, arrivalZones.get(identity(arrival))),
      propertyName: arrival.propertyName,
      name: [text(arrival.item, "firstName"), text(arrival.item, "middleName"), text(arrival.item, "lastName")]
        .filter(Boolean)
        .join(" "),
      matchedOn: arrival.matchedOn,
      policy: policy.name,
      legalHold: policy.legalHold,
      restricted: arrival.restrictedBy !== null,
    };
  };
  const personArrivals = arrivals.map(toPersonArrival);
  const holds = new Map<string, PersonPlaces["legalHolds"][number]>();
  for (const arrival of personArrivals) {
    if (arrival.legalHold === null) continue;
    const hold = holds.get(arrival.policy) ?? { policy: arrival.policy, reason: arrival.legalHold, properties: [] };
    if (!hold.properties.includes(arrival.propertyName)) hold.properties.push(arrival.propertyName);
    holds.set(arrival.policy, hold);
  }
  const places: PersonPlaces = {
    searched: searchedIn(scope),
    arrivals: personArrivals,
    possibleArrivals: found.filter((arrival) => !arrival.certain).map(toPersonArrival),
    days: [...new Set(arrivals.map((arrival) => arrival.day))].sort(),
    properties: [...new Set(arrivals.map((arrival) => arrival.propertyName))].sort(),
    reviews: reviews.map((row) => ({
      propertyName: row.propertyName,
      listDate: row.listDate,
      reviewerName: row.reviewerName,
      reviewedAt: row.reviewedAt.toISOString(),
      hasNote: row.note !== null,
    })),
    signOffNotes: signOffs.map((row) => ({
      propertyName: row.propertyName,
      listDate: row.listDate,
      signerName: row.signerName,
    })),
    reveals: reveals.map((row) => ({
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      propertyName: row.propertyName,
    })),
    exports: included.map((row) => ({
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      propertyName: row.propertyFilter,
      day: row.day,
    })),
    legalHolds: [...holds.values()],
  };
  return { places, arrivals, reviews, signOffs, itemKeys, names };
}

/** Counts for an audit entry or an outcome: never who. */
function countsOf(places: PersonPlaces) {
  return {
    arrivals: places.arrivals.length,
    days: places.days.length,
    properties: places.properties,
  };
}

/** Where an outcome looked, unless the whole group: nothing was done elsewhere. */
function searchedNote(places: PersonPlaces): string {
  return places.searched.allProperties
    ? ""
    : `; searched ${places.searched.properties.join(", ") || "no property"} only`;
}

/** This process's copies of stored days and what was made of them (masked views, search indexes). */
function forgetMemory(): void {
  forgetHeldReports();
  forgetGuestIndexes();
}

// ——— Requests ———

function isSearchable(row: RequestRow): boolean {
  return row.nameKey !== null || row.birthKey !== null || row.documentKey !== null;
}

function keysOfRequest(row: RequestRow): PersonKeys {
  return { nameKey: row.nameKey, birthKey: row.birthKey, documentKey: row.documentKey };
}

export function requestView(row: RequestRow, now: Date): PrivacyRequestView {
  const dueAt = row.dueAt.toISOString();
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    receivedAt: row.receivedAt.toISOString(),
    dueAt,
    overdue: isOverdue({ state: row.state, dueAt }, now),
    reference: row.reference,
    createdByEmail: row.createdByEmail,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedByEmail: row.closedByEmail,
    outcome: row.outcome,
    restrictionActive: row.kind === "restriction" && row.state === "done" && row.liftedAt === null,
    searchable: isSearchable(row),
  };
}

const target = (id: number) => `privacy request #${id}`;

async function audit(
  db: Database,
  who: Requester,
  ctx: StepContext,
  entry: { action: AuditAction; id?: number; outcome?: "success" | "failure"; details: Record<string, unknown> },
) {
  await recordAudit(db, {
    action: entry.action,
    actor: who.actor,
    target: entry.id === undefined ? "privacy lookup" : target(entry.id),
    outcome: entry.outcome ?? "success",
    details: { ...entry.details, ...(who.by && { by: who.by }) },
    clientAddress: ctx.clientAddress,
  });
}

function notFound(): AppError {
  return new RequestRefusal(404, "request_not_found", "requestNotFound");
}

async function requireRequest(db: Executor, id: number): Promise<RequestRow> {
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  const row = await readRequest(db, id);
  if (!row) throw notFound();
  return row;
}

/** The day a request is due: received + DAYBOOK_PRIVACY_REQUEST_DAYS, to the end of that (UTC) day. */
export function dueAtFor(receivedOn: string, dueDays: number): Date {
  return new Date(`${addDays(receivedOn, dueDays)}T23:59:59.999Z`);
}

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

/** In words, for a request's outcome: "3 arrivals on 2 days at Harbour View Hotel". */
function describe(places: { arrivals: number; days: number; properties: readonly string[] }): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (places.arrivals === 0) return "no stored arrivals";
  return `${plural(places.arrivals, "arrival")} on ${plural(places.days, "day")} at ${places.properties.join(", ")}`;
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
    await closeRequestRow(db, row.id, {
      state: "done",
      closedAt: now,
      closedByEmail: who.actor?.email ?? null,
      outcome: `Exported ${describe(counts)}${searchedNote(holdings.places)}`,
    });
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

function requireOpen(row: RequestRow, kind: RequestKind) {
  // The refusal names what the step does: only an erasure request erases, only a restriction request restricts.
  if (row.kind !== kind) throw new RequestRefusal(409, "wrong_request_kind", "wrongKind", { kind });
  if (row.state !== "open") throw new RequestRefusal(409, "request_closed", "requestClosed");
  if (!isSearchable(row)) throw new RequestRefusal(409, "request_not_searchable", "notSearchable");
}

export type EraseOutcome =
  { ok: true; request: PrivacyRequestView } | { ok: false; reason: "legal_hold"; holds: PersonPlaces["legalHolds"] };

/**
 * An erasure or a restriction: on its own open request, locked for the transaction, with the
 * person's holdings found by the request's keyed hashes as they are now.
 */
async function actOnPerson<T>(
  db: Database,
  scope: PropertyScope,
  id: number,
  kind: RequestKind,
  act: (tx: Executor, holdings: Holdings) => Promise<T>,
): Promise<T> {
  await requireRequest(db, id);
  const policies = await readPolicies(db);
  return db.transaction(async (tx) => {
    const row = (await lockRequest(tx, id))!;
    requireOpen(row, kind);
    return act(tx, await holdingsOf(tx, keysOfRequest(row), policies, scope));
  });
}

export async function eraseRequest(
  db: Database,
  who: Requester,
  id: number,
  input: { reason: string },
  ctx: StepContext,
): Promise<EraseOutcome> {
  const now = ctx.now ?? new Date();
  const reason = checkReason(input.reason);
  const done = await actOnPerson(db, who.scope, id, "erasure", async (tx, holdings) => {
    // A legal duty to keep the register refuses the erasure whole: nothing is changed.
    if (holdings.places.legalHolds.length > 0) return { kind: "refused", places: holdings.places } as const;

    const parts = await eraseArrivals(tx, holdings.arrivals, now);
    const reviews = await forgetReviewsOfItems(tx, holdings.itemKeys);
    for (const signOff of holdings.signOffs) {
      await rewriteSignOffTexts(tx, signOff.id, {
        note: signOff.note === null ? null : eraseName(signOff.note, holdings.names),
        undoneReason: signOff.undoneReason === null ? null : eraseName(signOff.undoneReason, holdings.names),
      });
    }
    const auditEntries = await forgetCheckInsOf(
      tx,
      holdings.arrivals.map(({ propertyName, checkInAtUtc }) => ({ propertyName, checkInAtUtc })),
    );
    const rule = `erasure request #${id}`;
    const entry = (kind: string, rows: number, part?: { day: string; propertyName: string }): PurgeEntry => ({
      reason: "erasure",
      rule,
      kind,
      day: part?.day ?? null,
      propertyName: part?.propertyName ?? null,
      rows,
      requestId: id,
    });
    const purges: PurgeEntry[] = [
      ...parts.flatMap((part) => [
        entry(part.endpoint === "guests" ? "guest arrivals" : "criminal arrivals", part.items, part),
        entry("live observations", part.observations, part),
      ]),
      entry("review records", reviews),
      entry("sign-off notes", holdings.signOffs.length),
      entry("audit check-in instants", auditEntries),
    ];
    await recordPurges(tx, purges, now);
    const counts = countsOf(holdings.places);
    const closed = await closeRequestRow(tx, id, {
      state: "done",
      closedAt: now,
      closedByEmail: who.actor?.email ?? null,
      outcome: `Erased ${describe(counts)}${searchedNote(holdings.places)}`,
      clearKeys: true,
    });
    return {
      kind: "erased",
      row: closed,
      details: {
        ...counts,
        reviews,
        signOffNotes: holdings.signOffs.length,
        auditEntries,
        reason,
      },
    } as const;
  });
  if (done.kind === "refused") {
    const holds = done.places.legalHolds;
    await audit(db, who, ctx, {
      action: "privacy.erase_refused",
      id,
      outcome: "failure",
      details: { reason, holds: holds.map((hold) => `${hold.policy}: ${hold.reason}`), ...countsOf(done.places) },
    });
    return { ok: false, reason: "legal_hold", holds };
  }
  // Nothing of the guest stays in this process's memory; other instances follow the days' versions.
  forgetMemory();
  await audit(db, who, ctx, { action: "privacy.erase", id, details: done.details });
  return { ok: true, request: requestView(done.row, now) };
}

export async function restrictRequest(
  db: Database,
  who: Requester,
  id: number,
  input: { reason: string },
  ctx: StepContext,
): Promise<PrivacyRequestView> {
  const now = ctx.now ?? new Date();
  const reason = checkReason(input.reason);
  const done = await actOnPerson(db, who.scope, id, "restriction", async (tx, holdings) => {
    const restricted = await restrictArrivals(tx, holdings.arrivals, id, now);
    const counts = countsOf(holdings.places);
    // Done and not lifted: from now on a pull keeps the guest's new arrivals restricted too.
    const closed = await closeRequestRow(tx, id, {
      state: "done",
      closedAt: now,
      closedByEmail: who.actor?.email ?? null,
      outcome: `Restricted ${describe(counts)}${searchedNote(holdings.places)}`,
    });
    return { row: closed, details: { ...counts, restricted, reason } };
  });
  forgetMemory();
  await audit(db, who, ctx, { action: "privacy.restrict", id, details: done.details });
  return requestView(done.row, now);
}

export async function liftRestriction(
  db: Database,
  who: Requester,
  id: number,
  input: { reason: string },
  ctx: StepContext,
): Promise<PrivacyRequestView> {
  const now = ctx.now ?? new Date();
  const reason = checkReason(input.reason);
  await requireRequest(db, id);
  const done = await db.transaction(async (tx) => {
    const row = (await lockRequest(tx, id))!;
    if (row.kind !== "restriction" || row.state !== "done" || row.liftedAt !== null) {
      throw new RequestRefusal(409, "no_restriction", "noRestriction");
    }
    if (!who.scope.allProperties) {
      // Lifting shows arrivals again wherever the restriction hid them: someone who cannot see one of
      // those properties does not decide it for them.
      const held = await findPersonArrivals(tx, keysOfRequest(row), await readPolicies(tx));
      if (held.some((arrival) => arrival.restrictedBy === id && !canSeeProperty(who.scope, arrival.propertyName))) {
        throw new RequestRefusal(403, "forbidden", "liftElsewhere");
      }
    }
    const lifted = await liftArrivals(tx, id, now);
    const changed = await markLifted(
      tx,
      id,
      now,
      `${row.outcome ?? "Restricted"}; lifted: ${lifted} arrivals shown again`,
    );
    return { row: changed, lifted };
  });
  forgetMemory();
  await audit(db, who, ctx, {
    action: "privacy.restriction_lift",
    id,
    details: { arrivals: done.lifted, reason },
  });
  return requestView(done.row, now);
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
    return closeRequestRow(tx, id, {
      state: input.state,
      closedAt: now,
      closedByEmail: who.actor?.email ?? null,
      outcome: `${input.state === "withdrawn" ? "Withdrawn" : "Refused"}: ${reason}`,
    });
  });
  await audit(db, who, ctx, { action: "privacy.request_close", id, details: { state: input.state, reason } });
  return requestView(row, now);
}
