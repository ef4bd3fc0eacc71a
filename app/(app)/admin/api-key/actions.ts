"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { authedAction } from "@/lib/actions/authed-action";
import { apiKeyFormSchema } from "@/lib/admin/api-key-schema";
import { runConnectionTest, type ConnectionTestResult } from "@/lib/admin/connection-test";
import { storeApiKey } from "@/lib/api-key/store";
import { recordAudit } from "@/lib/audit/record";
import { clientAddress } from "@/lib/auth/client-address";
import { getAuthSecret } from "@/lib/auth/secret";
import type { Viewer } from "@/lib/dal/viewer";
import { getDb } from "@/lib/db";

export interface SetApiKeyData {
  last4: string;
  test: ConnectionTestResult;
}

async function auditContext(viewer: Viewer) {
  return { actor: { id: viewer.id, email: viewer.email }, target: "api key", clientAddress: clientAddress(await headers()) };
}

async function testAndAudit(viewer: Viewer): Promise<ConnectionTestResult> {
  const test = await runConnectionTest();
  await recordAudit(await getDb(), {
    ...(await auditContext(viewer)),
    action: "api_key.test",
    outcome: test.outcome,
    details:
      test.outcome === "success"
        ? { last4: test.keyLast4, outcome: test.outcome, propertyCount: test.propertyCount }
        : { last4: test.keyLast4, outcome: test.outcome, code: test.error.code, correlationId: test.error.correlationId },
  });
  return test;
}

export const setApiKey = authedAction<typeof apiKeyFormSchema, SetApiKeyData>(
  ["admin"],
  apiKeyFormSchema,
  async ({ key }, viewer) => {
    const db = await getDb();
    const last4 = key.slice(-4);
    try {
      await storeApiKey(db, getAuthSecret(), key, viewer.id);
    } catch (error) {
      // Only the error's name: a driver's message may quote the statement's parameters.
      console.error(`admin: storing the API key failed (${error instanceof Error ? error.name : "unknown error"})`);
      await recordAudit(db, { ...(await auditContext(viewer)), action: "api_key.set", outcome: "failure", details: { last4 } });
      return { ok: false, code: "failed", message: "Daybook could not save the key. The previous key is still in use." };
    }
    await recordAudit(db, { ...(await auditContext(viewer)), action: "api_key.set", details: { last4 } });
    const test = await testAndAudit(viewer);
    revalidatePath("/admin/api-key");
    revalidatePath("/admin");
    return { ok: true, data: { last4, test }, message: `Saved. Every request to the Partner API now uses the key ending ${last4}.` };
  },
);

const noInput = z.object({});

export const testApiConnection = authedAction<typeof noInput, ConnectionTestResult>(["admin"], noInput, async (_input, viewer) => {
  const test = await testAndAudit(viewer);
  revalidatePath("/admin/audit");
  return { ok: true, data: test };
});
