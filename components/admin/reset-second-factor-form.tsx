"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { resetSecondFactor } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

/** For a person who lost their phone and their recovery codes: the password alone signs them in again. */
export function ResetSecondFactorForm({ id, enabled }: { id: string; enabled: boolean }) {
  const [result, action, pending] = useActionState(resetSecondFactor, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle="Two-factor sign-in reset" />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm text-stone-700">
        {enabled
          ? "Two-factor sign-in is on. Resetting removes the authenticator app and the recovery codes: the password alone signs this person in until they set it up again (at once, when their role requires it)."
          : "Two-factor sign-in is not on for this person."}
      </p>
      {enabled ? (
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Resetting…" : "Reset two-factor sign-in"}
        </Button>
      ) : null}
    </form>
  );
}
