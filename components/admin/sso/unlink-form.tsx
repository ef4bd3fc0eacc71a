"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { UtcInstant } from "@/components/ui/utc-instant";
import { unlinkFromProvider } from "@/lib/features/sso/actions";

import { FormSummary } from "../form-summary";

/**
 * The account's link to the person's identity at the provider. Unlinking is how an admin mends a
 * link made to the wrong identity (an e-mail address reassigned): the next sign-in links again by e-mail.
 */
export function UnlinkForm({ id, linkedAt }: { id: string; linkedAt: Date | null }) {
  const [result, action, pending] = useActionState(unlinkFromProvider, null);
  if (!linkedAt) {
    return <p className="text-stone-700">Not linked to an identity at the provider.</p>;
  }
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle="Unlinked" />
      <input type="hidden" name="id" value={id} />
      <p className="text-stone-700">
        Linked to an identity at the provider since <UtcInstant at={linkedAt} />: that identity alone signs in as this
        account.
      </p>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Unlinking…" : "Unlink from the provider"}
      </Button>
    </form>
  );
}
