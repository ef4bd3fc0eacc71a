"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { setUserEnabled } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

export function AccountStatusForm({ id, disabled, isSelf }: { id: string; disabled: boolean; isSelf: boolean }) {
  const [result, action, pending] = useActionState(setUserEnabled, null);
  if (isSelf) {
    return (
      <p className="text-sm text-stone-700">
        This is your own account. You cannot disable it: ask another admin if it must be.
      </p>
    );
  }
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={disabled ? "Account disabled" : "Account enabled"} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="enabled" value={disabled ? "true" : "false"} />
      <p className="text-sm text-stone-700">
        {disabled
          ? "Enabling lets this person sign in again with their current password."
          : "Disabling signs this person out everywhere at once and stops them signing in. Their account and history stay; you can enable it again."}
      </p>
      <Button type="submit" variant={disabled ? "secondary" : "danger"} disabled={pending}>
        {pending ? "Saving…" : disabled ? "Enable account" : "Disable account"}
      </Button>
    </form>
  );
}
