import "server-only";

import { getConfig } from "@/lib/server/config";

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
 * with S256 when the provider lists its methods. Every problem is said in words an admin can act on.
 */
export async function discover(issuer: string): Promise<DiscoveryResult> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let document: Record<string, unknown>;
  try {
    const answer = await fetch(url, {
      signal: AbortSignal.timeout(getConfig().sso.timeoutMs),
      headers: { Accept: "application/json" },
      redirect: "error",
    });
    if (!answer.ok) return { ok: false, problem: `The provider answered ${answer.status} for ${url}.` };
    document = (await answer.json()) as Record<string, unknown>;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ok: false,
      problem: timedOut
        ? `The provider did not answer within ${getConfig().sso.timeoutMs / 1000} s at ${url}.`
        : `The provider could not be reached at ${url}, or did not answer with a discovery document.`,
    };
  }
  if (document.issuer !== issuer) {
    return {
      ok: false,
      problem: `The discovery document names the issuer ${JSON.stringify(String(document.issuer ?? ""))}: enter exactly that.`,
    };
  }
  if (
    !absolute(document.authorization_endpoint) ||
    !absolute(document.token_endpoint) ||
    !absolute(document.jwks_uri)
  ) {
    return { ok: false, problem: "The discovery document lacks an authorization, token or keys endpoint." };
  }
  const responseTypes = document.response_types_supported;
  if (Array.isArray(responseTypes) && !responseTypes.includes("code")) {
    return { ok: false, problem: "The provider does not offer the authorization code flow (response type code)." };
  }
  const methods = document.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes("S256")) {
    return { ok: false, problem: "The provider does not offer PKCE with S256." };
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
