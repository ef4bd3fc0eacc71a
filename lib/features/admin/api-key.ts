import "server-only";

import { z } from "zod";

import type { Failure, UpstreamFailure } from "@/lib/core/errors";
import { DEMO_API_KEY, getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { upstreamFailureForPage } from "@/lib/server/http/failure";
import { getPartnerApiForCandidate, getPartnerApiWithKey, isPartnerApiError } from "@/lib/server/partner-api";
import { API_KEY_PATTERN, getActiveApiKey } from "@/lib/server/partner-api/key";

// The messages never repeat what was typed: the value is a secret even when it is wrong. Each is a
// key under admin.validation, put in the person's words by the action (actions.ts).
export const apiKeyFormSchema = z.object({
  key: z.string({ error: "keyMissing" }).trim().min(1, "keyMissing").regex(API_KEY_PATTERN, "keyInvalid"),
  /** Keep the key even when the Partner API refuses it (say, one issued for a date still to come). */
  saveAnyway: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

/** What an admin may know of the key in use: where it comes from and its last 4 characters, never more. */
export interface ApiKeyStatus {
  source: "stored" | "configured";
  last4: string;
  /** ISO instant the stored key was set; null for the configured one. */
  setAt: string | null;
  /** A stored key could not be decrypted, so the configured one is in use. */
  unreadable: boolean;
  /** The configured key is the simulator's published demo key. */
  configuredIsDemo: boolean;
}

export async function getApiKeyStatus(): Promise<ApiKeyStatus> {
  const { mode, partnerApi } = getConfig();
  const active = await getActiveApiKey(await getDb(), getKeyring(), partnerApi.apiKey);
  return {
    source: active.source,
    last4: active.last4,
    setAt: active.setAt?.toISOString() ?? null,
    unreadable: active.unreadable,
    configuredIsDemo: mode === "demo" && partnerApi.apiKey === DEMO_API_KEY,
  };
}

/**
 * Where the key in use comes from, for a screen to put in words (admin.apiKey.source in the
 * catalogue): set in Daybook (and when), the simulator's demo key, or PARTNER_API_KEY.
 */
export type KeySource = { kind: "stored"; setAt: string } | { kind: "demo" | "configured" };

export function keySource(status: ApiKeyStatus): KeySource {
  if (status.source === "stored" && status.setAt) return { kind: "stored", setAt: status.setAt };
  return { kind: status.configuredIsDemo ? "demo" : "configured" };
}

export type ConnectionTestResult =
  | { outcome: "success"; keyLast4: string; propertyCount: number; reportedDateLocal: string }
  | { outcome: "failure"; keyLast4: string; failure: Failure & { error: { upstream: UpstreamFailure } } };

/**
 * One usage-report call with the key in use now (or with `candidate`, a key not in use yet), as
 * every report would make it. It tests the key, not a person's access: it asks the API directly,
 * with the key's own scope, reading the key once.
 */
export async function runConnectionTest(candidate?: string): Promise<ConnectionTestResult> {
  const { client, keyLast4 } = candidate
    ? { client: getPartnerApiForCandidate(candidate), keyLast4: candidate.slice(-4) }
    : await getPartnerApiWithKey();
  try {
    const usage = await client.usage();
    return {
      outcome: "success",
      keyLast4,
      propertyCount: usage.byProperty.length,
      reportedDateLocal: usage.reportedDateLocal,
    };
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    const upstream = error.toJSON();
    const failure = upstreamFailureForPage(upstream);
    return { outcome: "failure", keyLast4, failure: { ...failure, error: { ...failure.error, upstream } } };
  }
}
