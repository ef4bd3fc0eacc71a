import type { translatorFor } from "@/lib/core/catalogue";
import type { SsoRefusal } from "@/lib/core/sso";

/** The account namespace's translator, in any language: the page's or the catalogue's English. */
type AccountWords = ReturnType<typeof translatorFor<"account">>;

/**
 * Why a sign-in through the identity provider did not happen, in words for the sign-in page (the
 * catalogue's `account.sso.refusals`), in the language of the translator given.
 */
export function ssoRefusalWords(refusal: SsoRefusal, t: AccountWords): { title: string; body: string } {
  return { title: t(`sso.refusals.${refusal}.title`), body: t(`sso.refusals.${refusal}.body`) };
}
