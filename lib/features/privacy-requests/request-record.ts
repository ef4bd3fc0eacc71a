/**
 * A privacy request's record as every step reads it: who answers it, the request found by its id,
 * the view a screen or the command shows of it, and the audit entry each step leaves.
 */
import type { PropertyScope } from "@/lib/core/access";
import type { AuditAction } from "@/lib/core/audit";
import { addDays } from "@/lib/core/days";
import type { AppError } from "@/lib/core/errors";
import { isOverdue, type RequestState } from "@/lib/core/privacy";
import { recordAudit } from "@/lib/server/audit/record";
import type { Database, Executor } from "@/lib/server/db/types";
import type { PersonKeys } from "@/lib/server/privacy/match-key";

import { RequestRefusal } from "./refusal";
import { readRequest, type RequestRow } from "./repository";
import type { PrivacyRequestView } from "./types";

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

/** A request closed by `who` at `now`, as its record keeps it. */
export function closing(who: Requester, now: Date, state: RequestState, outcome: string) {
  return { state, closedAt: now, closedByEmail: who.actor?.email ?? null, outcome };
}

export function isSearchable(row: RequestRow): boolean {
  return row.nameKey !== null || row.birthKey !== null || row.documentKey !== null;
}

export function keysOfRequest(row: RequestRow): PersonKeys {
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

export async function audit(
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

export async function requireRequest(db: Executor, id: number): Promise<RequestRow> {
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  const row = await readRequest(db, id);
  if (!row) throw notFound();
  return row;
}

/** The day a request is due: received + DAYBOOK_PRIVACY_REQUEST_DAYS, to the end of that (UTC) day. */
export function dueAtFor(receivedOn: string, dueDays: number): Date {
  return new Date(`${addDays(receivedOn, dueDays)}T23:59:59.999Z`);
}
