/**
 * The steps that change what Daybook holds of a person: an erasure (refused whole by a legal hold),
 * a restriction, and lifting one. Each acts within the request's properties, and leaves nothing of
 * the guest in this process's memory.
 */
import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import type { RequestKind } from "@/lib/core/privacy";
import { forgetGuestIndexes } from "@/lib/features/guests/server";
import { eraseArrivals, findPersonArrivals, liftArrivals, restrictArrivals } from "@/lib/features/history/person";
import { readPolicies, recordPurges, type PurgeEntry } from "@/lib/features/privacy/server";
import { forgetHeldReports } from "@/lib/features/reports/server";
import { forgetReviewsOfItems, rewriteSignOffTexts } from "@/lib/features/review/server";
import { forgetCheckInsOf } from "@/lib/server/audit/person";
import type { Database, Executor } from "@/lib/server/db/types";

import { countsOf, holdingsOf, outcomeOf, type Holdings } from "./holdings";
import { eraseName } from "./mentions";
import { checkReason } from "./person-input";
import { RequestRefusal } from "./refusal";
import { closeRequestRow, lockRequest, markLifted, type RequestRow } from "./repository";
import {
  audit,
  closing,
  isSearchable,
  keysOfRequest,
  requestView,
  requireRequest,
  type Requester,
  type StepContext,
} from "./request-record";
import type { PersonPlaces, PrivacyRequestView } from "./types";

/** This process's copies of stored days and what was made of them (masked views, search indexes). */
function forgetMemory(): void {
  forgetHeldReports();
  forgetGuestIndexes();
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
      ...closing(who, now, "done", outcomeOf("Erased", holdings.places)),
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
    // Done and not lifted: from now on a pull keeps the guest's new arrivals restricted too.
    const closed = await closeRequestRow(tx, id, closing(who, now, "done", outcomeOf("Restricted", holdings.places)));
    return { row: closed, details: { ...countsOf(holdings.places), restricted, reason } };
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
