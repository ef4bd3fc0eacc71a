import "server-only";

import { cookies } from "next/headers";

import { getConfig } from "@/lib/server/config";
import { seal, unseal } from "@/lib/server/encryption";
import { getKeyring } from "@/lib/server/encryption/keyring";
import { logFailure } from "@/lib/server/log";

import { knownDiscovery } from "./sso-discovery";
import { getSsoState } from "./sso-settings";

/**
 * Signing out of a session begun at the identity provider ends the provider's session too, when it
 * offers RP-initiated logout. The sign-out keeps the ID token, sealed, in a cookie only this path
 * reads, for a few minutes: it never travels in one of Daybook's addresses (it names the person).
 */
export const PROVIDER_SIGN_OUT_PATH = "/sign-in/provider-sign-out";
const STASH_COOKIE = "daybook-provider-sign-out";
const STASH_PURPOSE = "sso-sign-out";

/** After Daybook's own session ended: where to send the browser to end the provider's as well. */
export async function providerSignOutPath(idToken: string | null): Promise<string | null> {
  if (!idToken) return null;
  const sealed = seal(getKeyring(), STASH_PURPOSE, idToken);
  (await cookies()).set(STASH_COOKIE, `${sealed.keyId}.${sealed.ciphertext}`, {
    httpOnly: true,
    sameSite: "strict",
    secure: getConfig().mode === "live",
    path: PROVIDER_SIGN_OUT_PATH,
    maxAge: 300,
  });
  return PROVIDER_SIGN_OUT_PATH;
}

/**
 * GET of PROVIDER_SIGN_OUT_PATH: on to the provider's end_session_endpoint with the ID token as
 * `id_token_hint`, as RP-initiated logout defines it (GET is the one method every provider takes:
 * Okta's and oidc-provider's take no POST), so the token is in the provider's address only, never
 * in one of Daybook's. Without a kept token or an endpoint, straight to the sign-in page.
 */
export async function providerSignOutPage(request: Request): Promise<Response> {
  const jar = await cookies();
  const stashed = jar.get(STASH_COOKIE)?.value;
  jar.delete({ name: STASH_COOKIE, path: PROVIDER_SIGN_OUT_PATH });
  const state = await getSsoState();
  let idToken: string | null = null;
  if (stashed) {
    const dot = stashed.indexOf(".");
    try {
      idToken = unseal(getKeyring(), STASH_PURPOSE, {
        keyId: stashed.slice(0, dot),
        ciphertext: stashed.slice(dot + 1),
      });
    } catch (error) {
      logFailure("auth: reading the kept sign-out", error);
    }
  }
  const endpoint =
    idToken && state.connection ? (await knownDiscovery(state.connection.issuer))?.endSessionEndpoint : null;
  let next = new URL("/sign-in", request.url);
  if (idToken && endpoint && state.connection) {
    next = new URL(endpoint);
    next.searchParams.set("id_token_hint", idToken);
    next.searchParams.set("post_logout_redirect_uri", `${getConfig().mail.publicUrl}/sign-in`);
    next.searchParams.set("client_id", state.connection.clientId);
  }
  return new Response(null, {
    status: 303,
    headers: { Location: next.toString(), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
