import type { translatorFor } from "@/lib/core/catalogue";

/** The account namespace's translator, in any language: the page's or the catalogue's English. */
type AccountWords = ReturnType<typeof translatorFor<"account">>;

/** What the sign-in page says while sign-ins from the person's network are slowed (see THROTTLE_POLICY). */
export function slowedNotice(
  {
    seconds,
    capSeconds,
    windowMinutes,
  }: {
    seconds: number;
    capSeconds: number;
    windowMinutes: number;
  },
  t: AccountWords,
): { title: string; body: string } {
  return {
    title: t("signIn.slowed.title"),
    body: t("signIn.slowed.body", { seconds, capSeconds, windowMinutes }),
  };
}
