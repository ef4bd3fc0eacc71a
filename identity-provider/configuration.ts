import type { KoaContext } from "oidc-provider";
import type Provider from "oidc-provider";
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";

import { SUPPORTED_SCOPES } from "./interactions";
import { errorPage, logoutPage, signedOutPage } from "./pages";
import type { IdpClient, IdpFaults, IdpPerson } from "./types";

/**
 * oidc-provider warns on import when Node.js is older than its preferred release line, although it
 * runs on the versions this project supports. That one line is dropped so the demo's terminal only
 * shows what needs attention; every other warning still gets through.
 */
export async function loadProvider(): Promise<typeof Provider> {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("Unsupported runtime")) return;
    original(...args);
  };
  try {
    return (await import("oidc-provider")).default;
  } finally {
    console.warn = original;
  }
}

/** oidc-provider's default, so an expiring record is kept as long as a token it accepts. */
const CLOCK_TOLERANCE_SECONDS = 15;

interface ConfigurationInputs {
  title: string;
  clients: IdpClient[];
  faults: IdpFaults;
  jwk: Record<string, unknown>;
  cookieKeys: string[];
  person(sub: string): IdpPerson | undefined;
}

function html(ctx: KoaContext, body: string): void {
  ctx.type = "html";
  ctx.body = body;
}

/**
 * The provider's configuration (its reference is oidc-provider's lib/helpers/defaults.js). Every
 * function oidc-provider would otherwise warn about on first use is given here, and the adapter is a
 * fresh in-memory one, so that starting it and serving a sign-in print nothing.
 */
export function providerConfiguration(inputs: ConfigurationInputs): Record<string, unknown> {
  const { title, clients, faults, jwk, cookieKeys, person } = inputs;
  return {
    adapter: createMemoryAdapter(CLOCK_TOLERANCE_SECONDS),
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    jwks: { keys: [jwk] },
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      // Either secret method is accepted whatever is registered (oidc-provider treats them as one).
      token_endpoint_auth_method: "client_secret_basic",
    })),
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    responseTypes: ["code"],
    pkce: { required: () => true },
    scopes: SUPPORTED_SCOPES,
    claims: {
      openid: ["sub", "acr", "amr"],
      email: ["email", "email_verified"],
      profile: ["name"],
      groups: ["groups"],
    },
    // The ID token carries the scope's claims itself, as many real providers do, not only userinfo.
    conformIdTokenClaims: false,
    cookies: {
      // Prefixed: the app shares the host name "localhost" (cookies ignore ports) and has cookies of its own.
      names: { session: "idp_session", interaction: "idp_interaction", resume: "idp_interaction_resume" },
      keys: cookieKeys,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // Tokens are for this provider's userinfo only; no resource servers.
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContext, form: string) => html(ctx, logoutPage(title, form)),
        postLogoutSuccessSource: async (ctx: KoaContext) => html(ctx, signedOutPage(title)),
      },
    },
    interactions: {
      url: async (_ctx: KoaContext, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    renderError: async (ctx: KoaContext, out: Record<string, unknown>) => html(ctx, errorPage(title, out)),
    // A browser may call userinfo directly only from a client's own origin.
    clientBasedCORS: (_ctx: KoaContext, origin: string, client: { redirectUris: string[] }) =>
      client.redirectUris.some((uri) => URL.parse(uri)?.origin === origin),
    findAccount: async (_ctx: KoaContext, sub: string) => {
      // Read at every use, so a person changed by a test counts from the next sign-in or token on.
      if (!person(sub)) return undefined;
      return {
        accountId: sub,
        async claims() {
          const current = person(sub);
          if (!current) return { sub };
          return {
            sub,
            name: current.name,
            groups: [...current.groups],
            ...(current.email === undefined
              ? {}
              : { email: current.email, email_verified: current.emailVerified ?? true }),
          };
        },
      };
    },
    ttl: {
      AuthorizationCode: () => faults.codeTtlSeconds,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      ClientCredentials: 10 * 60,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
      PreAuthorizedCode: 10 * 60,
    },
  };
}
