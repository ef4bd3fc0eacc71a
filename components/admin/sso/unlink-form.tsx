"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { EventInstant } from "@/components/ui/instants";
import { unlinkFromProvider } from "@/lib/features/sso/actions";

import { FormSummary } from "../form-summary";

/**
 * The account's link to the person's identity at the provider. Unlinking is how an admin mends a
 * link made to the wrong identity (an e-mail address reassigned): the next sign-in links again by e-mail.
 */
export function UnlinkForm({ id, linkedAt }: { id: string; linkedAt: Date | null }) {
  const t = useTranslations("admin.sso.unlink");
  const [result, action, pending] = useActionState(unlinkFromProvider, null);
  if (!linkedAt) {
    return <p className="text-stone-700">{t("notLinked")}</p>;
  }
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("unlinked")} />
      <input type="hidden" name="id" value={id} />
      <p className="text-stone-700">{t.rich("linked", { at: () => <EventInstant at={linkedAt} /> })}</p>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("unlinking") : t("unlink")}
      </Button>
    </form>
  );
}
