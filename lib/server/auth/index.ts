import "server-only";

import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";

import { getConfig } from "@/lib/server/config";
import { getAuthSecret } from "@/lib/server/config/auth-secret";
import { log, logFailure } from "@/lib/server/log";

import { authorizeCredentials, authorizeVerifiedChallenge, type SignInRefusal } from "./authorize";
import { endSignedOutSession } from "./sign-out";
import { onProviderSignIn } from "./sso-callback";
import { reportAuthError } from "./sso-errors";
import { oidcProvider, SSO_PROVIDER_ID, type SsoClaims } from "./sso-provider";
import { getSsoState } from "./sso-settings";

declare module "next-auth" {
  interface User {
    sid?: string;
  }
  interface Session {
    /** Daybook's own session row; the DAL checks it on every request. */
    sid?: string;
  }
}

class SignInRefused extends CredentialsSignin {
  /** For the second step: stands for the correct password, handed to the sign-in action (never put in an address). */
  readonly challenge?: string;
  constructor(refusal: SignInRefusal, challenge?: string) {
    super();
    this.code = refusal;
    this.challenge = challenge;
  }
}

/**
 * Auth.js signs and sets the cookie; what a session is worth is decided by Daybook's own session
 * row (lib/server/auth/sessions.ts), which can be ended from the server at any time.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async () => ({
  secret: getAuthSecret(),
  trustHost: true,
  // Live Daybook runs behind https: its cookies are Secure and carry the __Secure-/__Host- prefix
  // whatever a proxy says in X-Forwarded-Proto, which would otherwise decide. A demo on plain
  // http://localhost keeps Auth.js's choice by the request's protocol.
  ...(getConfig().mode === "live" && { useSecureCookies: true }),
  session: { strategy: "jwt", maxAge: Math.floor(getConfig().session.absoluteMs / 1000) },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  logger: {
    // A refused sign-in is expected and already audited; other errors are logged by name only,
    // since Auth.js's messages can quote what the browser sent.
    error: (error) => {
      // A sign-in through the provider keeps its error for its own handler, which audits it and
      // tells the person (lib/server/auth/route.ts); the log gets the name only, as for any other.
      if (reportAuthError(error)) log.warn(`auth: single sign-on: ${error.name}`);
      else if ((error as { type?: string }).type !== "CredentialsSignin") log.error(`auth: ${error.name}`);
    },
    warn: (code) => log.warn(`auth: ${code}`),
    debug: () => {},
  },
  providers: [
    ...(await ssoProviders()),
    Credentials({
      credentials: { email: {}, password: {}, challenge: {} },
      authorize: async (credentials, request) => {
        // The second step carries a challenge (a correct password, then a code accepted), no password.
        const result =
          typeof credentials?.challenge === "string" && credentials.challenge
            ? await authorizeVerifiedChallenge(credentials, request)
            : await authorizeCredentials(credentials, request);
        if (!result.ok) throw new SignInRefused(result.refusal, result.challenge);
        return result.user;
      },
    }),
  ],
  events: {
    // Auth.js's own POST /api/auth/signout clears the cookie; Daybook's session row ends too, so a
    // copy of the cookie is worth nothing afterwards.
    signOut: async (message) => {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await endSignedOutSession(sid);
    },
  },
  callbacks: {
    signIn: ({ user, account, profile }) =>
      account?.provider === SSO_PROVIDER_ID ? onProviderSignIn(user, account, (profile ?? {}) as SsoClaims) : true,
    jwt: ({ token, user }) => {
      if (user?.sid) token.sid = user.sid;
      return token;
    },
    session: ({ session, token }) => {
      session.sid = typeof token.sid === "string" ? token.sid : undefined;
      return session;
    },
  },
}));

/**
 * The identity provider, when one is set up (switched on or still being tested): sign-ins through
 * it are refused in the callback unless it is switched on or the admin's test is running.
 */
async function ssoProviders() {
  const state = await getSsoState().catch((error: unknown) => {
    logFailure("auth: reading the single sign-on settings", error);
    return null;
  });
  return state?.connection ? [oidcProvider(state.connection, getConfig().sso.timeoutMs)] : [];
}
