"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { setSsoEnabled } from "@/lib/features/sso/actions";

import { FormSummary } from "../form-summary";

/** Switches a stored connection on or off; on only once it has passed a test as it is now. */
export function EnableForm({ enabled, tested }: { enabled: boolean; tested: boolean }) {
  const t = useTranslations("admin.sso.enable");
  const [result, action, pending] = useActionState(setSsoEnabled, null);
  const blocked = !enabled && !tested;
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle={t("saved")} />
      <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          type="submit"
          variant={enabled ? "danger" : "primary"}
          disabled={pending || blocked}
          aria-describedby={blocked ? "sso-enable-blocked" : undefined}
        >
          {pending ? t("saving") : enabled ? t("off") : t("on")}
        </Button>
        {blocked ? (
          <p id="sso-enable-blocked" className="text-sm text-stone-600">
            {t("testFirst")}
          </p>
        ) : null}
      </div>
    </form>
  );
}
