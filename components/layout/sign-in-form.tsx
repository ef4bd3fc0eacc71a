"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { busyMessage } from "@/lib/core/admission";
import { signInAction, type SignInState } from "@/lib/features/sign-in/actions";

type Refusal = NonNullable<SignInState["refusal"]>;

const REFUSALS: Record<Exclude<Refusal, "busy">, { title: string; body: string }> = {
  invalid: { title: "That e-mail and password do not match", body: "Check both and try again." },
  missing: { title: "Enter your e-mail and password", body: "Both are needed to sign in." },
  locked: {
    title: "Too many failed attempts",
    body: "Sign-in is paused for a while for this account or this network, longer after each further failure. Try again later, or ask your admin to unlock your account.",
  },
  disabled: { title: "This account is disabled", body: "Ask your Daybook admin to enable it again." },
};

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  const refusal = !state.refusal
    ? null
    : state.refusal === "busy"
      ? { title: "Daybook is busy", body: busyMessage(state.retryAfterSeconds ?? 1) }
      : REFUSALS[state.refusal];
  return (
    <form action={action} className="space-y-4" noValidate>
      {refusal ? (
        <Notice tone="error" title={refusal.title}>
          {refusal.body}
        </Notice>
      ) : null}
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
