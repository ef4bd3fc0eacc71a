"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";

import type { Viewer } from "@/lib/core/access";
import { inPersonsWords } from "@/lib/features/account/worded";
import { auditContext } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction, type ActionResult } from "@/lib/server/http/action";

import { applyPoliciesAs, assignPolicyAs, deletePolicyAs, savePolicyAs, type Acting } from "./manage";
import { assignPolicySchema, deletePolicySchema, policyFormSchema, SCHEMA_LIMITS } from "./policies";
import type { AppliedPolicies } from "./server";

/** What changed shows at once on Admin → Privacy and in the audit log. */
async function answered<T>(result: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const settled = await result;
  revalidatePath("/admin/privacy");
  revalidatePath("/admin/audit");
  return settled;
}

/** The admin, from where, and the words they are answered in. */
async function acting(viewer: Viewer): Promise<Acting> {
  const [{ clientAddress }, t] = await Promise.all([auditContext(viewer), getTranslations("privacy")]);
  return { actor: { id: viewer.id, email: viewer.email }, clientAddress, t };
}

/** An Admin → Privacy action whose schema's refusals are said in the person's language. */
const worded = <A extends unknown[], T>(action: (...args: A) => Promise<ActionResult<T>>) =>
  inPersonsWords("privacy", action, SCHEMA_LIMITS);

export const savePolicy = worded(
  authedAction(["admin"], policyFormSchema, async (input, viewer) =>
    answered(savePolicyAs(await getDb(), input, await acting(viewer))),
  ),
);

export const deletePolicy = worded(
  authedAction(["admin"], deletePolicySchema, async ({ id }, viewer) =>
    answered(deletePolicyAs(await getDb(), id, await acting(viewer))),
  ),
);

export const assignPolicy = worded(
  authedAction(["admin"], assignPolicySchema, async (input, viewer) =>
    answered(assignPolicyAs(await getDb(), input, await acting(viewer))),
  ),
);

const noInput = z.object({});

export const applyPoliciesNow = authedAction<typeof noInput, AppliedPolicies>(
  ["admin"],
  noInput,
  async (_input, viewer) => answered(applyPoliciesAs(await getDb(), await acting(viewer))),
);
