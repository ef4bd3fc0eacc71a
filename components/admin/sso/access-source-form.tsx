"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { setAccessDecidedBy } from "@/lib/features/sso/actions";

import { FormSummary } from "../form-summary";

/**
 * Who decides a person's access: an admin by hand, or the provider's groups. Handing it to the
 * groups needs a sign-in through the provider first, else there is nothing for them to give.
 */
export function AccessSourceForm({
  id,
  source,
  signedInThroughProvider,
  isSelf,
}: {
  id: string;
  source: "hand" | "mapping";
  signedInThroughProvider: boolean;
  isSelf: boolean;
}) {
  const t = useTranslations("admin.sso.accessSource");
  const [result, action, pending] = useActionState(setAccessDecidedBy, null);
  if (source === "hand" && !signedInThroughProvider) return null;
  if (source === "hand" && isSelf) {
    return <p className="text-sm text-stone-700">{t("self")}</p>;
  }
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("saved")} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="source" value={source === "hand" ? "mapping" : "hand"} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? t("saving") : source === "hand" ? t("toGroups") : t("toHand")}
      </Button>
    </form>
  );
}
