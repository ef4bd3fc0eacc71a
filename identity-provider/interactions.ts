import type { IncomingMessage } from "node:http";
import type { InteractionDetails, InteractionResults, KoaContext, Middleware } from "oidc-provider";
import type Provider from "oidc-provider";

import { expiredPage, loginPage } from "./pages";
import type { IdpPerson } from "./types";

export const SUPPORTED_SCOPES = ["openid", "email", "profile", "groups"];

export const WRONG_LOGIN = "That e-mail and password do not match";
export const CANCELLED = "The sign-in was cancelled";

/** A login form is a few hundred bytes; anything far larger is not one. */
const MAX_FORM_BYTES = 16 * 1024;

interface InteractionDeps {
  provider: Provider;
  title: string;
  /** The person whose login and password these are, if any. */
  authenticate(login: string, password: string): IdpPerson | undefined;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error("form too large");
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function sendHtml(ctx: KoaContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = "html";
  ctx.body = html;
}

/**
 * Consent is not a step of this provider: a person who signs in agrees to everything the client
 * asked for (of what the provider offers), since the only clients are the app under test.
 */
async function grantEverything(
  provider: Provider,
  details: InteractionDetails,
  accountId: string,
  reuseGrant: boolean,
): Promise<string> {
  const clientId = String(details.params.client_id ?? "");
  const existing = reuseGrant && details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const requested = String(details.params.scope ?? "")
    .split(" ")
    .filter((scope) => SUPPORTED_SCOPES.includes(scope));
  grant.addOIDCScope(requested.join(" "));
  const missing = details.prompt.details;
  if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims as string[]);
  if (missing.missingResourceScopes && typeof missing.missingResourceScopes === "object") {
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes)) {
      if (Array.isArray(scopes)) grant.addResourceScope(resource, scopes.join(" "));
    }
  }
  return grant.save();
}

/**
 * GET and POST /interaction/:uid, the provider's own sign-in step, mounted in front of oidc-provider's
 * routes. Everything else passes through untouched.
 */
export function interactionMiddleware({ provider, title, authenticate }: InteractionDeps): Middleware {
  const finish = async (ctx: KoaContext, result: InteractionResults): Promise<void> => {
    // The result replaces, not merges with, what an earlier round submitted (e.g. a login of someone else).
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(returnTo);
  };

  return async (ctx, next) => {
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    ctx.set("Cache-Control", "no-store");

    let details: InteractionDetails;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      // No interaction cookie, an expired interaction, or a session that ended meanwhile.
      return sendHtml(ctx, 400, expiredPage(title));
    }
    if (details.uid !== decodeURIComponent(match[1] ?? "")) return sendHtml(ctx, 400, expiredPage(title));
    const clientId = typeof details.params.client_id === "string" ? details.params.client_id : undefined;

    if (ctx.method === "GET" || ctx.method === "HEAD") {
      // Signed in already and only the grant for this client is missing: nothing to ask.
      if (details.prompt.name === "consent" && details.session) {
        const grantId = await grantEverything(provider, details, details.session.accountId, true);
        return finish(ctx, { consent: { grantId } });
      }
      return sendHtml(ctx, 200, loginPage({ title, uid: details.uid, clientId }));
    }

    if (ctx.method !== "POST") {
      ctx.set("Allow", "GET, HEAD, POST");
      return sendHtml(ctx, 405, expiredPage(title));
    }

    let form: URLSearchParams;
    try {
      form = await readForm(ctx.req);
    } catch {
      return sendHtml(ctx, 413, expiredPage(title));
    }
    if (form.get("action") === "cancel") {
      return finish(ctx, { error: "access_denied", error_description: CANCELLED });
    }

    const login = form.get("login") ?? "";
    const person = authenticate(login, form.get("password") ?? "");
    if (!person) {
      return sendHtml(ctx, 200, loginPage({ title, uid: details.uid, clientId, login, error: WRONG_LOGIN }));
    }
    // A grant of the session's earlier account must not carry over to whoever signs in now.
    const sameAccount = details.session?.accountId === person.sub;
    const grantId = await grantEverything(provider, details, person.sub, sameAccount);
    return finish(ctx, {
      login: { accountId: person.sub, amr: person.amr ?? ["pwd"], ...(person.acr ? { acr: person.acr } : {}) },
      consent: { grantId },
    });
  };
}
