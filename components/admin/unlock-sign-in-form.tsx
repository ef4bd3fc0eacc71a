"use client";

import { useActionState, useState } from "react";

import { Button } from "@/components/ui/button";
import { unlockSignIn } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

/**
 * Two steps, so that a stray click does not wave through someone who may be guessing: the first
 * says what unlocking does, the second does it.
 */
export function UnlockSignInForm({ id, email, canUnlock }: { id: string; email: string; canUnlock: boolean }) {
  const [result, action, pending] = useActionState(unlockSignIn, null);
  // The answer on screen when the admin asked to unlock: once another arrives, the question is closed.
  const [askedAt, setAskedAt] = useState<{ result: typeof result } | null>(null);
  const confirming = askedAt !== null && askedAt.result === result;
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle="Sign-in unlocked" />
      <input type="hidden" name="id" value={id} />
      {confirming ? (
        <div role="group" aria-label="Confirm unlocking" className="space-y-3">
          <p className="text-sm text-stone-800">
            Unlock sign-in for <strong className="break-all">{email}</strong>? Their failed attempts are cleared and the
            wait ends now. If someone else was guessing the password, they can guess again too: consider resetting the
            password as well.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? "Unlocking…" : "Yes, unlock sign-in"}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setAskedAt(null)} disabled={pending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : canUnlock ? (
        <Button type="button" variant="secondary" onClick={() => setAskedAt({ result })} disabled={pending}>
          Unlock sign-in…
        </Button>
      ) : null}
    </form>
  );
}
