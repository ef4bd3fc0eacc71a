/**
 * Guests' privacy requests as screens call them: each function checks the `privacy` permission
 * (admins always hold it) and runs the same step as `npm run privacy` (service.ts), audited.
 */
import "server-only";

import { hasPermission, type Viewer } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import type { RequestKind } from "@/lib/core/privacy";
import { getDb } from "@/lib/server/db";

import * as service from "./service";
import type { PersonPlaces, PersonQuery, PrivacyRequestView } from "./types";

export type { EraseOutcome, Requester, StepContext } from "./service";

/** The person answering, once they are known to hold the permission. */
function requester(viewer: Viewer): service.Requester {
  if (!hasPermission(viewer, "privacy")) {
    throw new AppError(403, "forbidden", "Answering guests' privacy requests needs the privacy permission.");
  }
  return { actor: { id: viewer.id, email: viewer.email } };
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
  return service.openRequest(await getDb(), requester(viewer), input, ctx);
}

export async function getRequest(
  viewer: Viewer,
  id: number,
  ctx?: service.StepContext,
): Promise<{ request: PrivacyRequestView; places: PersonPlaces | null }> {
  requester(viewer);
  return service.getRequest(await getDb(), id, ctx?.now ?? new Date());
}

export async function findPerson(viewer: Viewer, person: PersonQuery, ctx: service.StepContext): Promise<PersonPlaces> {
  return service.findPerson(await getDb(), requester(viewer), person, ctx);
}

export async function exportRequest(
  viewer: Viewer,
  id: number,
  ctx: service.StepContext,
): Promise<{ filename: string; archive: Uint8Array }> {
  return service.exportRequest(await getDb(), requester(viewer), id, ctx);
}

export async function eraseRequest(
  viewer: Viewer,
  id: number,
  input: { reason: string },
  ctx: service.StepContext,
): Promise<service.EraseOutcome> {
  return service.eraseRequest(await getDb(), requester(viewer), id, input, ctx);
}

export async function restrictRequest(
  viewer: Viewer,
  id: number,
  input: { reason: string },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  return service.restrictRequest(await getDb(), requester(viewer), id, input, ctx);
}

export async function liftRestriction(
  viewer: Viewer,
  id: number,
  input: { reason: string },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  return service.liftRestriction(await getDb(), requester(viewer), id, input, ctx);
}

export async function closeRequest(
  viewer: Viewer,
  id: number,
  input: { state: "withdrawn" | "refused"; reason: string },
  ctx: service.StepContext,
): Promise<PrivacyRequestView> {
  return service.closeRequest(await getDb(), requester(viewer), id, input, ctx);
}
