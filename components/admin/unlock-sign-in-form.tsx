"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";

import { Button } from "@/components/ui/button";
import { unlockSignIn } from "@/lib/features/admin/actions";

import { FormSummary } from "./form-summary";

/**
 * Two steps, so that a stray click does not wave through someone who may be guessing: the first
 * says what unlocking does, the second does it.
 */
export function UnlockSignInForm({ id, email, canUnlock }: { id: string; email: string; canUnlock: boolean }) {
  const t = useTranslations("admin.unlockSignIn");
  const [result, action, pending] = useActionState(unlockSignIn, null);
  // The answer on screen when the admin asked to unlock: once another arrives, the question is closed.
  const [askedAt, setAskedAt] = useState<{ result: typeof result } | null>(null);
  const confirming = askedAt !== null && askedAt.result === result;
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("done")} />
      <input type="hidden" name="id" value={id} />
      {confirming ? (
        <div role="group" aria-label={t("confirmLabel")} className="space-y-3">
          <p className="text-sm text-stone-800">
            {t.rich("confirm", { email, strong: (chunks) => <strong className="break-all">{chunks}</strong> })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? t("unlocking") : t("yes")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setAskedAt(null)} disabled={pending}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : canUnlock ? (
        <Button type="button" variant="secondary" onClick={() => setAskedAt({ result })} disabled={pending}>
          {t("ask")}
        </Button>
      ) : null}
    </form>
  );
}
