"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import { ROLES } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { inPersonsWords } from "@/lib/features/account/worded";
import { clientAddress } from "@/lib/server/audit/request";
import { authedAction, type ActionResult } from "@/lib/server/http/action";

import { RequestRefusal } from "./refusal";
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

/**
 * The step, its refusal said in the person's language: the server words refusals in English (for
 * the command line, routes and tests), and knows them by their catalogue keys.
 */
async function inWords<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof RequestRefusal)) throw error;
    throw new AppError(error.status, error.code, error.say(await getTranslations("privacy")));
  }
}

/** A request action whose schema's refusals are said in the person's language. */
const worded = <A extends unknown[], T>(action: (...args: A) => Promise<ActionResult<T>>) =>
  inPersonsWords("privacy", action);

const words = () => getTranslations("privacy.answered");

/** "New request": recorded, then the page goes to it by its id (never by anything of the person). */
export const openRequestAction = worded(
  authedAction<typeof newRequestSchema, { id: number }>(ROLES, newRequestSchema, async (input, viewer) => {
    const request = await inWords(async () =>
      openRequest(
        viewer,
        { kind: input.kind, reference: input.reference, receivedOn: input.receivedOn, person: personOf(input) },
        await context(),
      ),
    );
    revalidatePath(QUEUE);
    return {
      ok: true,
      data: { id: request.id },
      message: (await words())("recorded", { kind: request.kind, id: request.id }),
    };
  }),
);

// A step's outcome is the request's record, kept when it closed, and said as it was written.
export const eraseRequestAction = worded(
  authedAction(ROLES, requestStepSchema, async ({ id, reason }, viewer) => {
    const outcome = await inWords(async () => eraseRequest(viewer, id, { reason }, await context()));
    revalidatePath(pageOf(id));
    revalidatePath(QUEUE);
    const t = await words();
    if (!outcome.ok) {
      const holds = outcome.holds.map((hold) => t("hold", { policy: hold.policy, reason: hold.reason })).join("; ");
      return { ok: false, code: "failed", message: t("notErased", { holds }) };
    }
    return { ok: true, message: outcome.request.outcome ?? t("erased") };
  }),
);

export const restrictRequestAction = worded(
  authedAction(ROLES, requestStepSchema, async ({ id, reason }, viewer) => {
    const request = await inWords(async () => restrictRequest(viewer, id, { reason }, await context()));
    revalidatePath(pageOf(id));
    revalidatePath(QUEUE);
    return { ok: true, message: request.outcome ?? (await words())("restricted") };
  }),
);

export const liftRestrictionAction = worded(
  authedAction(ROLES, requestStepSchema, async ({ id, reason }, viewer) => {
    const request = await inWords(async () => liftRestriction(viewer, id, { reason }, await context()));
    revalidatePath(pageOf(id));
    revalidatePath(QUEUE);
    return { ok: true, message: request.outcome ?? (await words())("lifted") };
  }),
);

export const closeRequestAction = worded(
  authedAction(ROLES, closeRequestSchema, async ({ id, reason, state }, viewer) => {
    await inWords(async () => closeRequest(viewer, id, { state, reason }, await context()));
    revalidatePath(pageOf(id));
    revalidatePath(QUEUE);
    return { ok: true, message: (await words())("closed", { state }) };
  }),
);
