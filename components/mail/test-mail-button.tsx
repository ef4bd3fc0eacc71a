"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { sendTestMailAction } from "@/lib/features/mail/actions";

/** Sends a test e-mail to the admin at once; the outcome here, the server's reply in the table. */
export function TestMailButton({ email }: { email: string }) {
  const t = useTranslations("mail.admin.test");
  const [result, action, pending] = useActionState(sendTestMailAction, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <p className="text-sm text-stone-700">{t("lead", { email })}</p>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("sending") : t("send")}
      </Button>
      <div aria-live="polite">
        {pending ? (
          <p className="text-sm text-stone-600">{t("handing")}</p>
        ) : (
          <FormSummary result={result} fields={{}} successTitle={t("sent")} />
        )}
      </div>
    </form>
  );
}
