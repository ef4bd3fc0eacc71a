"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { CodeField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { signInAction, signInCodeAction, type SignInState } from "@/lib/features/sign-in/actions";
import { slowedNotice } from "@/lib/features/sign-in/slowed";

function Refusal({ state }: { state: SignInState }) {
  const t = useTranslations("account.signIn.refusals");
  const { refusal } = state;
  if (!refusal) return null;
  const title = t(`${refusal}.title`);
  // Busy: the queue of sign-ins was full, and says when to come back.
  const body = refusal === "busy" ? t("busy.body", { seconds: state.retryAfterSeconds ?? 1 }) : t(`${refusal}.body`);
  return (
    <Notice tone="error" title={title}>
      {body}
    </Notice>
  );
}

/** Sign-ins from the person's network are slowed: said, with how long and why. */
function Slowed({ slowed }: { slowed: SignInState["slowed"] }) {
  const t = useTranslations("account");
  if (!slowed) return null;
  const words = slowedNotice(slowed, t);
  return (
    <Notice tone="warning" title={words.title}>
      {words.body}
    </Notice>
  );
}

export function SignInForm({ callbackUrl, slowed }: { callbackUrl: string; slowed?: SignInState["slowed"] }) {
  const t = useTranslations("account.signIn.form");
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
        label={t("email")}
        autoComplete="username"
        required
        defaultValue={state.email}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label={t("password")}
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="primary" disabled={pending} className="w-full">
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}

/** The second step, for an account with two-factor sign-in: the password was right, the code comes next. */
function CodeForm({ first }: { first: SignInState }) {
  const t = useTranslations("account.signIn.code");
  const [state, action, pending] = useActionState<SignInState, FormData>(signInCodeAction, first);
  // Run out or refused for good: back to the password, with what went wrong.
  if (state.step !== "second_factor") return <PasswordAgain state={state} />;
  return (
    <form action={action} className="space-y-4" noValidate>
      <Refusal state={state} />
      <p className="text-sm text-stone-700">{t("lead", { email: state.email ?? "" })}</p>
      <input type="hidden" name="callbackUrl" value={state.callbackUrl ?? "/"} />
      <CodeField
        id="code"
        label={t("label")}
        hint={t("hint")}
        // Recovery codes have letters: a digit keypad could not type them.
        inputMode="text"
      />
      <Button type="submit" variant="primary" disabled={pending} className="w-full">
        {pending ? t("checking") : t("verify")}
      </Button>
    </form>
  );
}

function PasswordAgain({ state }: { state: SignInState }) {
  const t = useTranslations("account.signIn.code");
  return (
    <div className="space-y-4">
      <Refusal state={state} />
      <a href="/sign-in" className="block text-center text-sm text-brand-700 underline underline-offset-2">
        {t("back")}
      </a>
    </div>
  );
}
