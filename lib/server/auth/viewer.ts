import "server-only";

import { redirect } from "next/navigation";
import { cache } from "react";

import type { Role, Viewer } from "@/lib/core/access";
import { AppError, forbidden, unauthorized } from "@/lib/core/errors";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

import { auth } from "./index";
import { requiredStep, type RequiredStep } from "./required-steps";
import { resolveSession } from "./sessions";
import { viewerOf } from "./users";

export interface SignedIn {
  viewer: Viewer;
  /** What the person must do before anything else, if anything (see required-steps.ts). */
  step: RequiredStep | null;
}

/** Where a person with a required step is sent, whatever they asked for. */
export const ACCOUNT_SETUP_PATH = "/account-setup";

/** Once per request: the cookie's session, checked against the database (ended, idle, expired, disabled). */
export const getSignedIn = cache(async (): Promise<SignedIn | null> => {
  const session = await auth();
  if (!session?.sid) return null;
  const db = await getDb();
  const config = getConfig();
  const resolved = await resolveSession(db, session.sid, config.session);
  if (!resolved.ok) return null;
  return {
    viewer: viewerOf(resolved.user, resolved.session.id),
    // A person signed in through the identity provider has no password here, and their second
    // factor is the provider's (whose amr/acr Admin → Sign-in may require).
    step: resolved.session.method === "sso" ? null : await requiredStep(db, resolved.user, config.mode),
  };
});

/**
 * The signed-in person, once nothing is required of them first: everything but the account set-up
 * treats a person who must still change their password or set up a second factor as not signed in.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const signedIn = await getSignedIn();
  return signedIn && !signedIn.step ? signedIn.viewer : null;
});

/** For route handlers and server actions: throws, and the caller's error mapping answers 401 or 403. */
export async function requireViewer(...roles: Role[]): Promise<Viewer> {
  const signedIn = await getSignedIn();
  if (!signedIn) throw unauthorized();
  if (signedIn.step) {
    throw new AppError(
      403,
      "account_setup_required",
      "Finish setting up your account first (Daybook shows how).",
      "accountSetup",
    );
  }
  const { viewer } = signedIn;
  if (roles.length > 0 && !roles.includes(viewer.role)) throw forbidden();
  return viewer;
}

/** The page a person with a required step goes to, with the page they asked for to return to afterwards. */
export function accountSetupPath(returnTo: string): string {
  return returnTo === "/" ? ACCOUNT_SETUP_PATH : `${ACCOUNT_SETUP_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`;
}

/** For pages: no session sends the browser to sign in, a required step to the account set-up, and back here afterwards. */
export async function requirePageViewer(returnTo: string): Promise<Viewer> {
  const signedIn = await getSignedIn();
  if (!signedIn) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  if (signedIn.step) redirect(accountSetupPath(returnTo));
  return signedIn.viewer;
}
