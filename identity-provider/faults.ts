import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import type { Middleware } from "oidc-provider";

import type { IdpFaults } from "./types";

export const WRONG_AUDIENCE = "another-app";

/**
 * The endpoints a relying party's server calls. The delay leaves the pages a browser sees alone, so a
 * test can switch it on at any point of a sign-in and still reach the step it means to slow down.
 */
const DELAYED_PATHS = new Set(["/.well-known/openid-configuration", "/jwks", "/token", "/me"]);

export function delayMiddleware(faults: IdpFaults): Middleware {
  return async (ctx, next) => {
    const delayMs = faults.delayMs;
    if (delayMs > 0 && DELAYED_PATHS.has(ctx.path)) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    await next();
  };
}

/**
 * Holds the redirect back to the client (the one carrying the code) for `returnDelayMs`: the code
 * may expire on the way, as it would behind a slow or interrupted connection.
 */
export function returnDelayMiddleware(faults: IdpFaults): Middleware {
  return async (ctx, next) => {
    await next();
    const delayMs = faults.returnDelayMs;
    const location = ctx.response.get("Location");
    if (delayMs > 0 && location && new URL(location, "http://provider.invalid").searchParams.has("code")) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  };
}

/**
 * A correctly signed ID token meant for another client: the relying party must reject it on `aud`
 * alone, which a token with a broken signature would not show.
 */
export function wrongAudienceMiddleware(faults: IdpFaults, privateKey: CryptoKey): Middleware {
  return async (ctx, next) => {
    await next();
    if (!faults.wrongAudience || ctx.path !== "/token" || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: unknown } | null;
    if (typeof body?.id_token !== "string") return;
    const header = decodeProtectedHeader(body.id_token);
    const claims = decodeJwt(body.id_token);
    const idToken = await new SignJWT({ ...claims, aud: WRONG_AUDIENCE })
      .setProtectedHeader({ ...header, alg: header.alg ?? "RS256" })
      .sign(privateKey);
    ctx.body = { ...body, id_token: idToken };
  };
}
