"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import type { Viewer } from "@/lib/core/access";
import { auditContext } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction, type ActionResult } from "@/lib/server/http/action";

import { applyPoliciesAs, assignPolicyAs, deletePolicyAs, savePolicyAs, type Acting } from "./manage";
import { assignPolicySchema, deletePolicySchema, policyFormSchema } from "./policies";
import type { AppliedPolicies } from "./server";

/** What changed shows at once on Admin → Privacy and in the audit log. */
async function answered<T>(result: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const settled = await result;
  revalidatePath("/admin/privacy");
  revalidatePath("/admin/audit");
  return settled;
}

async function acting(viewer: Viewer): Promise<Acting> {
  const { clientAddress } = await auditContext(viewer);
  return { actor: { id: viewer.id, email: viewer.email }, clientAddress };
}

export const savePolicy = authedAction(["admin"], policyFormSchema, async (input, viewer) =>
  answered(savePolicyAs(await getDb(), input, await acting(viewer))),
);

export const deletePolicy = authedAction(["admin"], deletePolicySchema, async ({ id }, viewer) =>
  answered(deletePolicyAs(await getDb(), id, await acting(viewer))),
);

export const assignPolicy = authedAction(["admin"], assignPolicySchema, async (input, viewer) =>
  answered(assignPolicyAs(await getDb(), input, await acting(viewer))),
);

const noInput = z.object({});

export const applyPoliciesNow = authedAction<typeof noInput, AppliedPolicies>(
  ["admin"],
  noInput,
  async (_input, viewer) => answered(applyPoliciesAs(await getDb(), await acting(viewer))),
);
