import type { Metadata } from "next";

import { OutsidePage } from "@/components/layout/outside-page";
import { UnsubscribeForm } from "@/components/mail/unsubscribe-form";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { readUnsubscribeLinkState } from "@/lib/features/mail/server";

export const metadata: Metadata = { title: "Stop an e-mail" };

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
  if (!state || typeof token !== "string") {
    return (
      <OutsidePage
        width="narrow"
        title="This link is not valid"
        lead="Daybook cannot tell which e-mail this link is for: it may have been cut short or changed."
      >
        <p className="text-sm text-stone-700">
          Use the link at the end of the e-mail itself, or sign in and choose what Daybook sends you on{" "}
          <Link href="/settings" className={buttonClass("link")}>
            My settings
          </Link>
          .
        </p>
      </OutsidePage>
    );
  }
  return (
    <OutsidePage
      width="narrow"
      title={state.stopped ? `${capitalize(state.words)}: stopped` : `Stop ${state.words}?`}
      lead={
        state.stopped
          ? `Daybook no longer sends you ${state.words}.`
          : `Daybook stops sending you ${state.words}. Other e-mail from Daybook is not affected.`
      }
    >
      <UnsubscribeForm token={token} words={state.words} alreadyStopped={state.stopped} />
    </OutsidePage>
  );
}

function capitalize(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
