"use server";

import { z } from "zod";

import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { signIn, signOut } from "@/lib/server/auth";
import { signInAdmission } from "@/lib/server/auth/admission";
import { safeReturnPath } from "@/lib/server/auth/return-path";
import { endSession } from "@/lib/server/auth/sessions";
import { getViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export interface SignInState {
  refusal?: "invalid" | "locked" | "disabled" | "missing" | "busy";
  email?: string;
  /** With "busy": when to try again. */
  retryAfterSeconds?: number;
}

const formSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  callbackUrl: z.string().optional(),
});

const REFUSALS = new Set(["invalid", "locked", "disabled"]);

/**
 * Auth.js reports a refused sign-in as an error whose `type` is CredentialsSignin and whose `code`
 * says why. Read by shape: the bundler may give Auth.js's error classes two identities, so
 * instanceof cannot be trusted here.
 */
function refusalOf(error: unknown): SignInState["refusal"] | null {
  if (!(error instanceof Error) || !("type" in error) || typeof error.type !== "string") return null;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (error.type === "CredentialsSignin" && REFUSALS.has(code)) return code as SignInState["refusal"];
  return "invalid";
}

/** Public by nature: this is how a session begins. The throttle and the audit live in authorize. */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  // A hand-made request may carry no form at all: that is a sign-in with nothing filled in.
  if (!(form instanceof FormData)) return { refusal: "missing", email: "" };
  const parsed = formSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { refusal: "missing", email: String(form.get("email") ?? "") };
  const { email, password, callbackUrl } = parsed.data;
  try {
    // The same queue as a direct POST to Auth.js: when it is full, no hash is run and the page says when to come back.
    const admitted = await signInAdmission().run(() =>
      signIn("credentials", { email, password, redirectTo: safeReturnPath(callbackUrl) }),
    );
    if (!admitted.ok) return { refusal: "busy", email, retryAfterSeconds: admitted.retryAfterSeconds };
    return {};
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { refusal, email };
    throw error; // the redirect after a successful sign-in travels as an exception
  }
}

export async function signOutAction(): Promise<void> {
  const viewer = await getViewer();
  if (viewer) {
    const db = await getDb();
    await endSession(db, viewer.sessionId, "sign_out");
    await recordAudit(db, { ...(await auditContext(viewer)), action: "sign_out", target: viewer.email });
  }
  await signOut({ redirectTo: "/sign-in" });
}
