import { AsyncLocalStorage } from "node:async_hooks";

import type { SsoRefusal } from "@/lib/core/sso";

/**
 * What went wrong in a sign-in through the provider, from the error Auth.js reports. Read by shape
 * (its `type`, the cause's name and message): the bundler may give Auth.js's and oauth4webapi's
 * classes two identities, so instanceof cannot be trusted.
 */
export function classifySsoError(error: unknown): SsoRefusal {
  const type = (error as { type?: unknown })?.type;
  const cause = (error as { cause?: unknown })?.cause;
  const inner = (cause as { err?: unknown })?.err ?? cause;
  // oauth4webapi puts the provider's answer ("invalid_grant" for a code used late or twice) in fields of its own.
  const text = [error, inner, (inner as { cause?: unknown })?.cause]
    .flatMap((part) => {
      if (!part || typeof part !== "object") return [];
      const fields = part as { name?: unknown; message?: unknown; error?: unknown; code?: unknown };
      return [fields.name, fields.message, fields.error, fields.code].filter((value) => typeof value === "string");
    })
    .join(" ");
  if (type === "OAuthCallbackError") {
    const code = (cause as { error?: unknown })?.error;
    return code === "access_denied" ? "cancelled" : "provider_error";
  }
  if (type === "InvalidCheck" || /"state"|\bstate\b/i.test(text)) return "invalid_state";
  if (/TimeoutError|AbortError|fetch failed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|socket/i.test(text)) {
    return "provider_unreachable";
  }
  if (/\baud\b|audience|invalid_grant|nonce|\biss\b|signature|JWT|id_token|ID Token/i.test(text)) {
    return "invalid_token";
  }
  if (/discovery|issuer|HTTP 5\d\d|status code|unexpected HTTP/i.test(text) || type === "OAuthSignInError") {
    return "provider_unreachable";
  }
  return "provider_error";
}

/**
 * The errors Auth.js reports during one request to its endpoints, kept for the request's handler
 * (lib/server/auth/route.ts), which audits them and says what happened on the sign-in page.
 */
const reported = new AsyncLocalStorage<{ errors: unknown[] }>();

export function keepAuthErrors<T>(run: () => Promise<T>): Promise<{ value: T; errors: unknown[] }> {
  const store = { errors: [] as unknown[] };
  return reported.run(store, async () => ({ value: await run(), errors: store.errors }));
}

/** Called from Auth.js's logger: true when a request of an SSO flow keeps it. */
export function reportAuthError(error: unknown): boolean {
  const store = reported.getStore();
  if (!store) return false;
  store.errors.push(error);
  return true;
}
