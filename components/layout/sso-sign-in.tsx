import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { SsoRefusal } from "@/lib/core/sso";
import { ssoRefusalWords } from "@/lib/features/sign-in/sso-words";

/**
 * "Sign in with …": a plain link to /sign-in/sso, which sends the browser to the identity provider
 * (it works without scripts, and a link is no form whose redirect the form-action policy would stop).
 */
export function SsoSignIn({
  label,
  callbackUrl,
  refusal,
}: {
  label: string;
  callbackUrl: string;
  refusal?: SsoRefusal;
}) {
  const href = callbackUrl === "/" ? "/sign-in/sso" : `/sign-in/sso?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  return (
    <div className="space-y-4">
      {refusal ? <SsoRefusalNotice refusal={refusal} /> : null}
      <a href={href} className={`${buttonClass("primary")} w-full`}>
        {label}
      </a>
    </div>
  );
}

export function SsoRefusalNotice({ refusal }: { refusal: SsoRefusal }) {
  const words = ssoRefusalWords(refusal, useTranslations("account"));
  return (
    <Notice tone="error" title={words.title}>
      {words.body}
    </Notice>
  );
}

/** Between the provider's button and the password form. */
export function OrDivider() {
  const t = useTranslations("account.sso");
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-stone-500" aria-hidden>
      <span className="h-px flex-1 bg-stone-200" />
      {t("or")}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}
