import "server-only";

import { getConfig } from "@/lib/server/config";
import { requestWords, type Words } from "@/lib/server/words";

/** What Daybook reads of a provider's discovery document. */
export interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Absent: the provider offers no RP-initiated logout, and signing out ends Daybook's session only. */
  endSessionEndpoint: string | null;
}

export type DiscoveryResult = { ok: true; discovery: Discovery } | { ok: false; problem: string };

const absolute = (value: unknown): value is string => typeof value === "string" && URL.canParse(value);

/**
 * Fetches `issuer`'s discovery document and checks what the sign-in relies on: the same issuer
 * (exactly, as the ID tokens will carry it), the endpoints, the authorization code flow, and PKCE
 * with S256 when the provider lists its methods. Every problem is said in words an admin can act on,
 * in the admin's language inside a request (English outside one).
 */
export async function discover(issuer: string): Promise<DiscoveryResult> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const problem = async (...args: Parameters<Words<"errors">>) => ({
    ok: false as const,
    problem: (await requestWords("errors"))(...args),
  });
  let document: Record<string, unknown>;
  try {
    const answer = await fetch(url, {
      signal: AbortSignal.timeout(getConfig().sso.timeoutMs),
      headers: { Accept: "application/json" },
      redirect: "error",
    });
    if (!answer.ok) return problem("discovery.status", { status: String(answer.status), url });
    document = (await answer.json()) as Record<string, unknown>;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return timedOut
      ? problem("discovery.timeout", { seconds: String(getConfig().sso.timeoutMs / 1000), url })
      : problem("discovery.unreachable", { url });
  }
  if (document.issuer !== issuer) {
    return problem("discovery.issuer", { issuer: JSON.stringify(String(document.issuer ?? "")) });
  }
  if (
    !absolute(document.authorization_endpoint) ||
    !absolute(document.token_endpoint) ||
    !absolute(document.jwks_uri)
  ) {
    return problem("discovery.endpoints");
  }
  const responseTypes = document.response_types_supported;
  if (Array.isArray(responseTypes) && !responseTypes.includes("code")) {
    return problem("discovery.codeFlow");
  }
  const methods = document.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes("S256")) {
    return problem("discovery.pkce");
  }
  return {
    ok: true,
    discovery: {
      issuer,
      authorizationEndpoint: document.authorization_endpoint,
      tokenEndpoint: document.token_endpoint,
      endSessionEndpoint: absolute(document.end_session_endpoint) ? document.end_session_endpoint : null,
    },
  };
}

/** An hour per issuer and process: the sign-out page needs the endpoint, not a fresh document each time. */
const known = new Map<string, { at: number; discovery: Discovery }>();
const KEEP_MS = 60 * 60_000;

export async function knownDiscovery(issuer: string): Promise<Discovery | null> {
  const kept = known.get(issuer);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.discovery;
  const found = await discover(issuer);
  if (!found.ok) return null;
  known.set(issuer, { at: Date.now(), discovery: found.discovery });
  return found.discovery;
}
