"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";

import { textInput } from "@/lib/core/text-input";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { signIn, signOut } from "@/lib/server/auth";
import { slowSignIn, type SignInSlowdown } from "@/lib/server/auth/address-delay";
import { signInAdmission } from "@/lib/server/auth/admission";
import { safeReturnPath } from "@/lib/server/auth/return-path";
import { CHALLENGE_TTL_MS } from "@/lib/server/auth/second-factor";
import { endSession } from "@/lib/server/auth/sessions";
import { providerSignOutPath } from "@/lib/server/auth/sso-sign-out";
import { getSignedIn } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

import { checkSignInCode } from "./second-factor";

export interface SignInState {
  refusal?: "invalid" | "locked" | "disabled" | "missing" | "busy" | "invalid_code" | "expired" | "sso_only";
  email?: string;
  /** With "busy": when to try again. */
  retryAfterSeconds?: number;
  /** This sign-in was slowed, as every one from its network is after many failures there. */
  slowed?: SignInSlowdown;
  /** The password was right: the second step (a code) is next. */
  step?: "second_factor";
  callbackUrl?: string;
}

const formSchema = z.object({
  email: textInput().trim().min(1),
  password: z.string().min(1),
  callbackUrl: z.string().optional(),
});

const REFUSALS = new Set(["invalid", "locked", "disabled", "second_factor", "expired", "sso_only"]);

type Refusal = NonNullable<SignInState["refusal"]> | "second_factor";

/**
 * Auth.js reports a refused sign-in as an error whose `type` is CredentialsSignin and whose `code`
 * says why. Read by shape: the bundler may give Auth.js's error classes two identities, so
 * instanceof cannot be trusted here.
 */
function refusalOf(error: unknown): { refusal: Refusal; challenge?: string } | null {
  if (!(error instanceof Error) || !("type" in error) || typeof error.type !== "string") return null;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  const challenge = "challenge" in error && typeof error.challenge === "string" ? error.challenge : undefined;
  if (error.type === "CredentialsSignin" && REFUSALS.has(code)) return { refusal: code as Refusal, challenge };
  return { refusal: "invalid" };
}

/**
 * Between the password and the code, the challenge that stands for the correct password lives in
 * an HttpOnly cookie of the sign-in page: no script of the page, and no address, ever holds it.
 */
const CHALLENGE_COOKIE = "daybook-sign-in-challenge";

async function keepChallenge(challenge: string) {
  (await cookies()).set(CHALLENGE_COOKIE, challenge, {
    httpOnly: true,
    sameSite: "strict",
    secure: getConfig().mode === "live",
    path: "/sign-in",
    maxAge: Math.floor(CHALLENGE_TTL_MS / 1000),
  });
}

async function dropChallenge() {
  (await cookies()).delete({ name: CHALLENGE_COOKIE, path: "/sign-in" });
}

const codeSchema = z.object({
  code: textInput().trim().min(1).max(64),
  callbackUrl: z.string().optional(),
});

/** Public by nature: this is how a session begins. The throttle and the audit live in authorize. */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  // A hand-made request may carry no form at all: that is a sign-in with nothing filled in.
  if (!(form instanceof FormData)) return { refusal: "missing", email: "" };
  const parsed = formSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { refusal: "missing", email: String(form.get("email") ?? "") };
  const { email, password, callbackUrl } = parsed.data;
  // Before the queue, as for a direct POST to Auth.js (lib/server/auth/route.ts).
  const slowed = (await slowSignIn(await headers())) ?? undefined;
  try {
    // The same queue as a direct POST to Auth.js: when it is full, no hash is run and the page says when to come back.
    const admitted = await signInAdmission().run(() =>
      signIn("credentials", { email, password, redirectTo: safeReturnPath(callbackUrl) }),
    );
    if (!admitted.ok) return { refusal: "busy", email, retryAfterSeconds: admitted.retryAfterSeconds, slowed };
    return {};
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error; // the redirect after a successful sign-in travels as an exception
    if (refused.refusal === "second_factor" && refused.challenge) {
      await keepChallenge(refused.challenge);
      return { step: "second_factor", email, callbackUrl: safeReturnPath(callbackUrl) };
    }
    if (refused.refusal === "second_factor") return { refusal: "invalid", email, slowed };
    return { refusal: refused.refusal, email, slowed };
  }
}

/** The second step: the code from the authenticator app (or a recovery code), after a correct password. */
export async function signInCodeAction(previous: SignInState, form: FormData): Promise<SignInState> {
  if (!(form instanceof FormData)) return { refusal: "expired" };
  const challenge = (await cookies()).get(CHALLENGE_COOKIE)?.value;
  if (!challenge) return { refusal: "expired", email: previous.email };
  const parsed = codeSchema.safeParse(Object.fromEntries(form));
  const again = { step: "second_factor" as const, email: previous.email, callbackUrl: previous.callbackUrl };
  if (!parsed.success) return { ...again, refusal: "invalid_code" };
  const { code, callbackUrl } = parsed.data;
  const checked = await checkSignInCode(challenge, code, await headers());
  if (checked === "invalid_code" || checked === "locked") return { ...again, refusal: checked };
  if (checked === "expired") {
    await dropChallenge();
    return { refusal: "expired", email: previous.email };
  }
  try {
    await signIn("credentials", { challenge, redirectTo: safeReturnPath(callbackUrl) });
    return {};
  } catch (error) {
    const refused = refusalOf(error);
    await dropChallenge();
    if (!refused) throw error; // signed in: the redirect travels as an exception
    return { refusal: refused.refusal === "disabled" ? "disabled" : "expired", email: previous.email };
  }
}

export async function signOutAction(): Promise<void> {
  // Also for a person still in the account set-up: their session ends like any other.
  const viewer = (await getSignedIn())?.viewer;
  let providerSignOut: string | null = null;
  if (viewer) {
    const db = await getDb();
    const ended = await endSession(db, viewer.sessionId, "sign_out");
    await recordAudit(db, { ...(await auditContext(viewer)), action: "sign_out", target: viewer.email });
    // Signed in through the identity provider: its session ends too, from a page of its own.
    providerSignOut = await providerSignOutPath(ended?.ssoIdToken ?? null);
  }
  await signOut({ redirectTo: providerSignOut ?? "/sign-in" });
}
