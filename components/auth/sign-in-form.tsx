"use client";

import { useActionState } from "react";

import { Notice } from "@/components/ui/notice";
import { signInAction, type SignInState } from "@/lib/features/sign-in/actions";

const REFUSALS: Record<NonNullable<SignInState["refusal"]>, { title: string; body: string }> = {
  invalid: { title: "That e-mail and password do not match", body: "Check both and try again." },
  missing: { title: "Enter your e-mail and password", body: "Both are needed to sign in." },
  locked: {
    title: "Too many failed attempts",
    body: "Sign-in is paused for 15 minutes for this account or this network. Try again later, or ask your admin to reset your password.",
  },
  disabled: { title: "This account is disabled", body: "Ask your Daybook admin to enable it again." },
};

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  const refusal = state.refusal ? REFUSALS[state.refusal] : null;
  return (
    <form action={action} className="space-y-4" noValidate>
      {refusal ? (
        <Notice tone="error" title={refusal.title}>
          {refusal.body}
        </Notice>
      ) : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-stone-700">
          E-mail
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 shadow-sm"
        />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-stone-700">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 shadow-sm"
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
