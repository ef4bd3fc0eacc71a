/**
 * Guests' privacy requests as screens call them: each function checks the `privacy` permission
 * (admins always hold it) and runs the same step as `npm run privacy` (service.ts), audited, within
 * the properties the person may see.
 */
import "server-only";

import { hasPermission, type PropertyScope, type Viewer } from "@/lib/core/access";
import type { RequestKind } from "@/lib/core/privacy";
import { getDb } from "@/lib/server/db";

import { RequestRefusal } from "./refusal";
import * as service from "./service";
import type { PersonPlaces, PersonQuery, PrivacyRequestView } from "./types";

export type { EraseOutcome, Requester, StepContext } from "./service";

/**
 * Where a person answers requests: the properties they see elsewhere in Daybook. An admin, or a
 * person with every property, answers for the whole group.
 */
export function requestScope(viewer: Viewer): PropertyScope {
  return viewer.role === "admin" || viewer.allProperties
    ? service.WHOLE_GROUP
    : { allProperties: false, properties: viewer.properties };
}

/** The person answering, known to hold the permission before the database is opened. */
function requester(viewer: Viewer): service.Requester {
  if (!hasPermission(viewer, "privacy")) {
    throw new RequestRefusal(403, "forbidden", "needsPermission");
  }
  return { actor: { id: viewer.id, email: viewer.email }, scope: requestScope(viewer) };
}

export async function listRequests(viewer: Viewer, now: Date = new Date()): Promise<PrivacyRequestView[]> {
  requester(viewer);
  return service.listRequests(await getDb(), now);
}

export async function openRequest(
  viewer: Viewer,
  input: { kind: RequestKind; reference: string | null; receivedOn?: string; person: PersonQuery },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  const who = requester(viewer);
  return service.openRequest(await getDb(), who, input, ctx);
}

export async function getRequest(
  viewer: Viewer,
  id: number,
  ctx?: service.StepContext,
): Promise<{ request: PrivacyRequestView; places: PersonPlaces | null }> {
  const { scope } = requester(viewer);
  return service.getRequest(await getDb(), scope, id, ctx?.now ?? new Date());
}

export async function findPerson(viewer: Viewer, person: PersonQuery, ctx: service.StepContext): Promise<PersonPlaces> {
  const who = requester(viewer);
  return service.findPerson(await getDb(), who, person, ctx);
}

export async function exportRequest(
  viewer: Viewer,
  id: number,
  ctx: service.StepContext,
): Promise<{ filename: string; archive: Uint8Array }> {
  const who = requester(viewer);
  return service.exportRequest(await getDb(), who, id, ctx);
}

export async function eraseRequest(
  viewer: Viewer,
  id: number,
  input: { reason: string },
  ctx: service.StepContext,
): Promise<service.EraseOutcome> {
  const who = requester(viewer);
  return service.eraseRequest(await getDb(), who, id, input, ctx);
}

export async function restrictRequest(
  viewer: Viewer,
  id: number,
  input: { reason: string },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  const who = requester(viewer);
  return service.restrictRequest(await getDb(), who, id, input, ctx);
}

export async function liftRestriction(
  viewer: Viewer,
  id: number,
  input: { reason: string },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  const who = requester(viewer);
  return service.liftRestriction(await getDb(), who, id, input, ctx);
}

export async function closeRequest(
  viewer: Viewer,
  id: number,
  input: { state: "withdrawn" | "refused"; reason: string },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  const who = requester(viewer);
  return service.closeRequest(await getDb(), who, id, input, ctx);
}
