import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { OutsidePage } from "@/components/layout/outside-page";
import { UnsubscribeForm } from "@/components/mail/unsubscribe-form";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { readUnsubscribeLinkState } from "@/lib/features/mail/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.unsubscribe"))("title") };
}

/**
 * Where an e-mail's "Stop this e-mail" link leads, signed in or not. Opening it changes nothing
 * (mail scanners open every link); the one button does. A link that is not Daybook's, or was
 * changed by a character, is refused in words.
 */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const state = typeof token === "string" && token !== "" ? await readUnsubscribeLinkState(token) : null;
  const t = await getTranslations("account.unsubscribe");
  if (!state || typeof token !== "string") {
    return (
      <OutsidePage width="narrow" title={t("invalidTitle")} lead={t("invalidLead")}>
        <p className="text-sm text-stone-700">
          {t.rich("invalidBody", {
            settings: (chunks) => (
              <Link href="/settings" className={buttonClass("link")}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      </OutsidePage>
    );
  }
  // The kind of mail, named in the person's language (the sentences are whole per kind: no pieces joined).
  const { kind } = state;
  return (
    <OutsidePage
      width="narrow"
      title={state.stopped ? t("stoppedTitle", { kind }) : t("stopTitle", { kind })}
      lead={state.stopped ? t("stoppedLead", { kind }) : t("stopLead", { kind })}
    >
      <UnsubscribeForm token={token} kind={kind} alreadyStopped={state.stopped} />
    </OutsidePage>
  );
}
