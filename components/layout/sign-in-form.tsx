"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { CodeField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { busyMessage } from "@/lib/core/admission";
import { signInAction, signInCodeAction, type SignInState } from "@/lib/features/sign-in/actions";
import { slowedNotice } from "@/lib/features/sign-in/slowed";

type Refusal = NonNullable<SignInState["refusal"]>;

const REFUSALS: Record<Exclude<Refusal, "busy">, { title: string; body: string }> = {
  invalid: { title: "That e-mail and password do not match", body: "Check both and try again." },
  missing: { title: "Enter your e-mail and password", body: "Both are needed to sign in." },
  locked: {
    title: "Too many failed attempts",
    body: "Sign-in is paused for a while for this account, longer after each further failure. Try again later, or ask your admin to unlock your account.",
  },
  disabled: { title: "This account is disabled", body: "Ask your Daybook admin to enable it again." },
  invalid_code: {
    title: "That code does not match",
    body: "Enter the code your app shows now (each code works once), or one of your recovery codes.",
  },
  expired: {
    title: "Sign in again",
    body: "The code was not entered within 5 minutes. Start again with your password.",
  },
  sso_only: {
    title: "Use your identity provider",
    body: "Password sign-in is off for your account: sign in with the button above.",
  },
};

function Refusal({ state }: { state: SignInState }) {
  const { refusal } = state;
  const words = !refusal
    ? null
    : refusal === "busy"
      ? { title: "Daybook is busy", body: busyMessage(state.retryAfterSeconds ?? 1) }
      : REFUSALS[refusal];
  return words ? (
    <Notice tone="error" title={words.title}>
      {words.body}
    </Notice>
  ) : null;
}

/** Sign-ins from the person's network are slowed: said, with how long and why. */
function Slowed({ slowed }: { slowed: SignInState["slowed"] }) {
  if (!slowed) return null;
  const words = slowedNotice(slowed);
  return (
    <Notice tone="warning" title={words.title}>
      {words.body}
    </Notice>
  );
}

export function SignInForm({ callbackUrl, slowed }: { callbackUrl: string; slowed?: SignInState["slowed"] }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, { slowed });
  if (state.step === "second_factor") return <CodeForm first={state} />;
  return (
    <form action={action} className="space-y-4" noValidate>
      <Refusal state={state} />
      <Slowed slowed={state.slowed} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <TextField
        id="email"
        name="email"
        type="email"
        label="E-mail"
        autoComplete="username"
        required
        defaultValue={state.email}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="primary" disabled={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

/** The second step, for an account with two-factor sign-in: the password was right, the code comes next. */
function CodeForm({ first }: { first: SignInState }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInCodeAction, first);
  // Run out or refused for good: back to the password, with what went wrong.
  if (state.step !== "second_factor") return <PasswordAgain state={state} />;
  return (
    <form action={action} className="space-y-4" noValidate>
      <Refusal state={state} />
      <p className="text-sm text-stone-700">
        Two-factor sign-in is on for {state.email}. Enter the 6-digit code from your authenticator app.
      </p>
      <input type="hidden" name="callbackUrl" value={state.callbackUrl ?? "/"} />
      <CodeField
        id="code"
        label="Code"
        hint="Lost your phone? Enter one of your recovery codes instead."
        // Recovery codes have letters: a digit keypad could not type them.
        inputMode="text"
      />
      <Button type="submit" variant="primary" disabled={pending} className="w-full">
        {pending ? "Checking…" : "Verify"}
      </Button>
    </form>
  );
}

function PasswordAgain({ state }: { state: SignInState }) {
  return (
    <div className="space-y-4">
      <Refusal state={state} />
      <a href="/sign-in" className="block text-center text-sm text-brand-700 underline underline-offset-2">
        Back to sign-in
      </a>
    </div>
  );
}
