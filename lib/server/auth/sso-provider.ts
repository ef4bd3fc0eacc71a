import "server-only";

import { customFetch } from "next-auth";
import type { OIDCConfig } from "next-auth/providers";

import type { SsoConnection } from "./sso-settings";

/** Auth.js's id for Daybook's one identity provider: its callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = "oidc";

/** The claims of the provider's ID token, as Auth.js hands them over. */
export type SsoClaims = Record<string, unknown>;

/**
 * Every call to the provider (discovery, keys, token) gives up after `timeoutMs`: a provider that
 * is slow is told apart from one that is down only by the words, and neither holds a request open.
 */
function fetchWithin(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

/**
 * The provider as Auth.js's OpenID Connect support takes it: the authorization code flow with PKCE,
 * state and nonce, the client authenticated with its secret. The person's claims are read from the
 * ID token, whose signature, issuer, audience and nonce Auth.js checks.
 */
export function oidcProvider(connection: SsoConnection, timeoutMs: number): OIDCConfig<SsoClaims> {
  return {
    id: SSO_PROVIDER_ID,
    name: connection.label,
    type: "oidc",
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    authorization: { params: { scope: connection.scopes } },
    checks: ["pkce", "state", "nonce"],
    // Daybook decides who the person is (lib/server/auth/sso-sign-in.ts); this only names the subject.
    profile: (claims) => ({
      id: String(claims.sub),
      name: typeof claims.name === "string" ? claims.name : null,
      email: typeof claims.email === "string" ? claims.email : null,
    }),
    // Under `options`: Auth.js merges a provider's settings without their symbols, and takes this one from there.
    options: { [customFetch]: fetchWithin(timeoutMs) } as OIDCConfig<SsoClaims>["options"],
  };
}
