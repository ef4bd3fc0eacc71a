import "server-only";
import { getActiveApiKey } from "@/lib/api-key/store";
import { getAuthSecret } from "@/lib/auth/secret";
import { DEMO_API_KEY, getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";

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
  const active = await getActiveApiKey(await getDb(), getAuthSecret(), partnerApi.apiKey);
  return {
    source: active.source,
    last4: active.last4,
    setAt: active.setAt?.toISOString() ?? null,
    unreadable: active.unreadable,
    configuredIsDemo: mode === "demo" && partnerApi.apiKey === DEMO_API_KEY,
  };
}

/** Where the key in use comes from, in words. */
export function describeKeySource(status: ApiKeyStatus, formatInstant: (iso: string) => string): string {
  if (status.source === "stored" && status.setAt) return `Set in Daybook on ${formatInstant(status.setAt)}`;
  return status.configuredIsDemo ? "The simulator's demo key (demo mode)" : "From PARTNER_API_KEY";
}
