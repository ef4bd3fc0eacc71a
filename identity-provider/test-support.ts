import { createHash, randomBytes } from "node:crypto";
import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";

import type { IdpClient } from "./types";

export const CLIENT: IdpClient = {
  clientId: "test-app",
  clientSecret: "test-secret",
  redirectUris: ["http://localhost:3999/api/auth/callback/oidc"],
  postLogoutRedirectUris: ["http://localhost:3999/sign-in"],
};
export const REDIRECT_URI = CLIENT.redirectUris[0]!;
export const SCOPE = "openid email profile groups";

/**
 * A browser reduced to what a sign-in needs: cookies kept by hand (by name only, which is enough for
 * one provider) and redirects followed one at a time, so a test sees each step.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.trim().split(/=(.*)/s);
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves the provider (to the relying party) or a page is answered. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      current = new URL(response.headers.get("location") ?? "", current).href;
      if (!current.startsWith(new URL(url).origin)) break;
      response = await this.request(current);
    }
    return { response, url: current };
  }

  postForm(url: string, fields: Record<string, string>): Promise<{ response: Response; url: string }> {
    return this.follow(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export interface Authorization {
  verifier: string;
  state: string;
  nonce: string;
  url: string;
}

export function authorization(issuer: string, extra: Record<string, string> = {}): Authorization {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(8).toString("hex");
  const nonce = randomBytes(8).toString("hex");
  const params = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPE,
    state,
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  });
  return { verifier, state, nonce, url: `${issuer}/auth?${params}` };
}

/** The interaction page's URL and HTML, after the authorization request. */
export async function openLoginPage(browser: Browser, auth: Authorization): Promise<{ url: string; html: string }> {
  const { response, url } = await browser.follow(auth.url);
  if (response.status !== 200 || !url.includes("/interaction/")) {
    throw new Error(`expected the login page, got ${response.status} at ${url}`);
  }
  return { url, html: await response.text() };
}

/** Where the provider finally sent the browser back to the relying party. */
export function callback(url: string): URLSearchParams {
  if (!url.startsWith(REDIRECT_URI)) throw new Error(`expected a redirect to the client, got ${url}`);
  return new URL(url).searchParams;
}

export async function signIn(
  browser: Browser,
  issuer: string,
  login: string,
  password: string,
  extra: Record<string, string> = {},
): Promise<{ auth: Authorization; code: string }> {
  const auth = authorization(issuer, extra);
  const page = await openLoginPage(browser, auth);
  const { url } = await browser.postForm(page.url, { action: "sign-in", login, password });
  const params = callback(url);
  if (params.get("state") !== auth.state) throw new Error(`state mismatch in ${url}`);
  return { auth, code: params.get("code") ?? "" };
}

export async function tokenRequest(
  issuer: string,
  code: string,
  verifier: string,
  method: "basic" | "post" = "basic",
): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (method === "basic") {
    const credentials = `${encodeURIComponent(CLIENT.clientId)}:${encodeURIComponent(CLIENT.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT.clientId);
    body.set("client_secret", CLIENT.clientSecret);
  }
  return fetch(`${issuer}/token`, { method: "POST", headers, body });
}

/** The ID token's claims, after checking its signature against the provider's published keys. */
export async function verifiedClaims(
  issuer: string,
  idToken: string,
  audience = CLIENT.clientId,
): Promise<{ claims: JWTPayload; kid: string | undefined }> {
  const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as Parameters<typeof createLocalJWKSet>[0];
  const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(jwks), { issuer, audience });
  return { claims: payload, kid: protectedHeader.kid };
}

/** The hidden anti-forgery field of oidc-provider's logout form. */
export function xsrfOf(html: string): string {
  const match = /name="xsrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no xsrf field in the logout page");
  return match[1];
}
