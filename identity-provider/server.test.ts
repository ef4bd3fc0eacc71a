import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { DEMO_PEOPLE } from "./demo-people";
import { CANCELLED, startIdentityProvider, WRONG_AUDIENCE, WRONG_LOGIN, type IdentityProvider } from "./server";
import {
  authorization,
  Browser,
  callback,
  CLIENT,
  openLoginPage,
  REDIRECT_URI,
  signIn,
  tokenRequest,
  verifiedClaims,
  xsrfOf,
} from "./test-support";

const ADA = DEMO_PEOPLE.find((person) => person.sub === "demo-ada")!;

let idp: IdentityProvider;

beforeAll(async () => {
  idp = await startIdentityProvider({ port: 0, clients: [CLIENT], people: DEMO_PEOPLE, title: "Test SSO" });
});
afterAll(() => idp.stop());
beforeEach(() => {
  Object.assign(idp.faults, { delayMs: 0, wrongAudience: false, codeTtlSeconds: 60, returnDelayMs: 0 });
  idp.setPerson(ADA);
});

async function idTokenFor(login: string, password: string, method: "basic" | "post" = "basic") {
  const { auth, code } = await signIn(new Browser(), idp.issuer, login, password);
  const answer = await tokenRequest(idp.issuer, code, auth.verifier, method);
  expect(answer.status).toBe(200);
  const tokens = (await answer.json()) as { id_token: string; access_token: string };
  return { ...tokens, ...(await verifiedClaims(idp.issuer, tokens.id_token)), nonce: auth.nonce };
}

describe("discovery", () => {
  it("names the issuer, the endpoints and S256 only", async () => {
    expect(idp.issuer).toBe(`http://localhost:${idp.port}`);
    const answer = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${idp.issuer}/auth`,
      token_endpoint: `${idp.issuer}/token`,
      userinfo_endpoint: `${idp.issuer}/me`,
      end_session_endpoint: `${idp.issuer}/session/end`,
      jwks_uri: `${idp.issuer}/jwks`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    });
    expect(document.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile", "groups"]));
  });
});

describe("sign-in", () => {
  it("runs the code flow with PKCE and puts the scope's claims, amr and the nonce in the ID token", async () => {
    const { claims, access_token, nonce } = await idTokenFor("admin@daybook.demo", "admin-demo-pass");
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT.clientId,
      sub: "demo-ada",
      email: "admin@daybook.demo",
      email_verified: true,
      name: "Ada Admin",
      groups: ["daybook-admins"],
      amr: ["pwd"],
      nonce,
    });
    expect(claims.acr).toBeUndefined();

    const userinfo = await fetch(`${idp.issuer}/me`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(await userinfo.json()).toEqual({
      sub: "demo-ada",
      email: "admin@daybook.demo",
      email_verified: true,
      name: "Ada Admin",
      groups: ["daybook-admins"],
    });
  });

  it("accepts client_secret_post as well as client_secret_basic", async () => {
    const { claims } = await idTokenFor("viewer@daybook.demo", "viewer-demo-pass", "post");
    expect(claims.sub).toBe("demo-vic");
  });

  it("renders a login page that names the provider and works without scripts", async () => {
    const { html } = await openLoginPage(new Browser(), authorization(idp.issuer));
    expect(html).toContain("<title>Sign in to Test SSO</title>");
    expect(html).toMatch(/<label for="login">E-mail<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toContain(">Sign in</button>");
    expect(html).toContain(">Cancel</button>");
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  });

  it("re-renders the form with a clear message for a wrong password, then lets the person in", async () => {
    const browser = new Browser();
    const auth = authorization(idp.issuer);
    const page = await openLoginPage(browser, auth);
    const wrong = await browser.postForm(page.url, { action: "sign-in", login: ADA.login, password: "nope" });
    expect(wrong.response.status).toBe(200);
    const html = await wrong.response.text();
    expect(html).toContain(WRONG_LOGIN);
    expect(html).toContain(`value="${ADA.login}"`);

    const right = await browser.postForm(page.url, { action: "sign-in", login: ADA.login, password: ADA.password });
    expect(callback(right.url).get("code")).toBeTruthy();
  });

  it("sends access_denied to the client when the person cancels", async () => {
    const browser = new Browser();
    const auth = authorization(idp.issuer);
    const page = await openLoginPage(browser, auth);
    const { url } = await browser.postForm(page.url, { action: "cancel" });
    const params = callback(url);
    expect(params.get("error")).toBe("access_denied");
    expect(params.get("error_description")).toBe(CANCELLED);
    expect(params.get("state")).toBe(auth.state);
  });

  it("signs a person in again from the session without the login page", async () => {
    const browser = new Browser();
    await signIn(browser, idp.issuer, ADA.login, ADA.password);
    const again = authorization(idp.issuer);
    const { url } = await browser.follow(again.url);
    expect(callback(url).get("code")).toBeTruthy();
  });

  it("grants more scopes to a signed-in person without asking", async () => {
    const browser = new Browser();
    await signIn(browser, idp.issuer, ADA.login, ADA.password, { scope: "openid email" });
    const wider = authorization(idp.issuer);
    const { url } = await browser.follow(wider.url);
    const answer = await tokenRequest(idp.issuer, callback(url).get("code") ?? "", wider.verifier);
    const { id_token } = (await answer.json()) as { id_token: string };
    const { claims } = await verifiedClaims(idp.issuer, id_token);
    expect(claims).toMatchObject({ sub: "demo-ada", name: "Ada Admin", groups: ["daybook-admins"] });
  });
});

describe("people", () => {
  it("uses a changed person from the next sign-in: no e-mail, other amr and acr", async () => {
    idp.setPerson({ ...ADA, email: undefined, name: "Ada Renamed", amr: ["pwd", "otp"], acr: "urn:test:mfa" });
    const { claims } = await idTokenFor(ADA.login, ADA.password);
    expect(claims).toMatchObject({ name: "Ada Renamed", amr: ["pwd", "otp"], acr: "urn:test:mfa" });
    expect(claims).not.toHaveProperty("email");
    expect(claims).not.toHaveProperty("email_verified");
  });

  it("refuses a removed person and hands out copies", async () => {
    idp.removePerson("demo-ada");
    expect(idp.person("demo-ada")).toBeUndefined();
    const browser = new Browser();
    const page = await openLoginPage(browser, authorization(idp.issuer));
    const answer = await browser.postForm(page.url, { action: "sign-in", login: ADA.login, password: ADA.password });
    expect(await answer.response.text()).toContain(WRONG_LOGIN);

    idp.setPerson(ADA);
    idp.person("demo-ada")!.groups.push("changed-outside");
    expect(idp.person("demo-ada")!.groups).toEqual(["daybook-admins"]);
  });
});

describe("fault modes", () => {
  it("wrongAudience signs an ID token for another client with the provider's own key", async () => {
    idp.faults.wrongAudience = true;
    const { auth, code } = await signIn(new Browser(), idp.issuer, ADA.login, ADA.password);
    const tokens = (await (await tokenRequest(idp.issuer, code, auth.verifier)).json()) as { id_token: string };
    const { claims } = await verifiedClaims(idp.issuer, tokens.id_token, WRONG_AUDIENCE);
    expect(claims).toMatchObject({ aud: WRONG_AUDIENCE, sub: "demo-ada", iss: idp.issuer });
  });

  it("returnDelayMs holds the way back long enough for a short-lived code to expire on it", async () => {
    Object.assign(idp.faults, { codeTtlSeconds: 1, returnDelayMs: 2100 });
    const { auth, code } = await signIn(new Browser(), idp.issuer, ADA.login, ADA.password);
    const answer = await tokenRequest(idp.issuer, code, auth.verifier);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("delayMs holds back the back-channel endpoints", async () => {
    idp.faults.delayMs = 400;
    const started = performance.now();
    expect((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
  });

  it("codeTtlSeconds makes codes expire sooner", async () => {
    idp.faults.codeTtlSeconds = 1;
    const { auth, code } = await signIn(new Browser(), idp.issuer, ADA.login, ADA.password);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const answer = await tokenRequest(idp.issuer, code, auth.verifier);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses a token request without the PKCE verifier", async () => {
    const { code } = await signIn(new Browser(), idp.issuer, ADA.login, ADA.password);
    const answer = await tokenRequest(idp.issuer, code, "a".repeat(43));
    expect(answer.status).toBe(400);
  });
});

describe("logout", () => {
  it("asks before signing out, then returns to the client and counts the logout", async () => {
    const browser = new Browser();
    const { id_token } = await (async () => {
      const { auth, code } = await signIn(browser, idp.issuer, ADA.login, ADA.password);
      return (await (await tokenRequest(idp.issuer, code, auth.verifier)).json()) as { id_token: string };
    })();
    const before = idp.logouts;
    const params = new URLSearchParams({
      id_token_hint: id_token,
      post_logout_redirect_uri: CLIENT.postLogoutRedirectUris[0]!,
      state: "bye",
    });
    const page = await browser.follow(`${idp.issuer}/session/end?${params}`);
    expect(page.response.status).toBe(200);
    const html = await page.response.text();
    expect(html).toContain("<title>Sign out of Test SSO?</title>");
    expect(html).toMatch(/<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out/);
    expect(html).not.toContain("<script");

    const done = await browser.postForm(`${idp.issuer}/session/end/confirm`, { xsrf: xsrfOf(html), logout: "yes" });
    expect(done.url).toBe(`${CLIENT.postLogoutRedirectUris[0]}?state=bye`);
    expect(idp.logouts).toBe(before + 1);

    // The session is gone: the next sign-in shows the login page again.
    await openLoginPage(browser, authorization(idp.issuer));
  });

  it("shows its own signed-out page without a post_logout_redirect_uri", async () => {
    const browser = new Browser();
    await signIn(browser, idp.issuer, ADA.login, ADA.password);
    const page = await browser.follow(`${idp.issuer}/session/end`);
    const done = await browser.postForm(`${idp.issuer}/session/end/confirm`, {
      xsrf: xsrfOf(await page.response.text()),
      logout: "yes",
    });
    expect(done.response.status).toBe(200);
    expect(await done.response.text()).toContain("<h1>You are signed out</h1>");
  });
});

describe("stop and start", () => {
  it("is unreachable while stopped and comes back on the same port with its key and sessions", async () => {
    const browser = new Browser();
    const first = await idTokenFor(ADA.login, ADA.password);
    await signIn(browser, idp.issuer, ADA.login, ADA.password);
    const port = idp.port;

    await idp.stop();
    await expect(fetch(`${idp.issuer}/jwks`)).rejects.toThrow();

    await idp.start();
    expect(idp.port).toBe(port);
    const again = await idTokenFor(ADA.login, ADA.password);
    expect(again.kid).toBe(first.kid);
    // Still signed in: no login page this time.
    const { url } = await browser.follow(authorization(idp.issuer).url);
    expect(url.startsWith(REDIRECT_URI)).toBe(true);
  });
});
