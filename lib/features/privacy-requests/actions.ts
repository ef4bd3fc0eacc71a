"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import { ROLES } from "@/lib/core/access";
import { REQUEST_KIND_LABELS } from "@/lib/core/privacy";
import { clientAddress } from "@/lib/server/audit/request";
import { authedAction } from "@/lib/server/http/action";

import { closeRequestSchema, newRequestSchema, personOf, requestStepSchema } from "./schemas";
import { closeRequest, eraseRequest, liftRestriction, openRequest, restrictRequest } from "./server";

/*
 * Every role may call these: the `privacy` permission is a grant on top of a role, and the server
 * functions check it themselves (a refusal comes back as the one failure shape, "forbidden").
 * The person's name, date of birth or number arrive in the POST body and go straight to the server,
 * which keeps only keyed hashes; nothing here echoes or logs them.
 */

const QUEUE = "/privacy/requests";
const pageOf = (id: number) => `${QUEUE}/${id}`;

async function context() {
  return { clientAddress: clientAddress(await headers()) };
}

/** "New request": recorded, then the page goes to it by its id (never by anything of the person). */
export const openRequestAction = authedAction<typeof newRequestSchema, { id: number }>(
  ROLES,
  newRequestSchema,
  async (input, viewer) => {
    const request = await openRequest(
      viewer,
      { kind: input.kind, reference: input.reference, receivedOn: input.receivedOn, person: personOf(input) },
      await context(),
    );
    revalidatePath(QUEUE);
    return {
      ok: true,
      data: { id: request.id },
      message: `${REQUEST_KIND_LABELS[request.kind]} request #${request.id} recorded.`,
    };
  },
);

export const eraseRequestAction = authedAction(ROLES, requestStepSchema, async ({ id, reason }, viewer) => {
  const outcome = await eraseRequest(viewer, id, { reason }, await context());
  revalidatePath(pageOf(id));
  revalidatePath(QUEUE);
  if (!outcome.ok) {
    const holds = outcome.holds.map((hold) => `${hold.policy}: ${hold.reason}`).join("; ");
    return { ok: false, code: "failed", message: `Not erased: a legal hold applies (${holds}). Nothing was removed.` };
  }
  return { ok: true, message: outcome.request.outcome ?? "Erased." };
});

export const restrictRequestAction = authedAction(ROLES, requestStepSchema, async ({ id, reason }, viewer) => {
  const request = await restrictRequest(viewer, id, { reason }, await context());
  revalidatePath(pageOf(id));
  revalidatePath(QUEUE);
  return { ok: true, message: request.outcome ?? "Restricted." };
});

export const liftRestrictionAction = authedAction(ROLES, requestStepSchema, async ({ id, reason }, viewer) => {
  const request = await liftRestriction(viewer, id, { reason }, await context());
  revalidatePath(pageOf(id));
  revalidatePath(QUEUE);
  return { ok: true, message: request.outcome ?? "Restriction lifted." };
});

export const closeRequestAction = authedAction(ROLES, closeRequestSchema, async ({ id, reason, state }, viewer) => {
  await closeRequest(viewer, id, { state, reason }, await context());
  revalidatePath(pageOf(id));
  revalidatePath(QUEUE);
  return { ok: true, message: state === "withdrawn" ? "Closed as withdrawn." : "Closed as refused." };
});
