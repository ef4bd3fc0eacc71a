"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";

import { Button, buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { unsubscribeAction } from "@/lib/features/mail/actions";
import type { UnsubscribeKind } from "@/lib/features/mail/types";

function TurnBackOn() {
  const t = useTranslations("mail.unsubscribe");
  return (
    <p className="text-sm text-stone-700">
      {t.rich("turnBackOn", {
        settings: (chunks) => (
          <Link href="/settings" className={buttonClass("link")}>
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}

/** The one button that stops the mail; what happened takes the focus, for keyboard and screen-reader users. */
export function UnsubscribeForm({
  token,
  kind,
  alreadyStopped,
}: {
  token: string;
  /** The kind of mail the link stops, named in the person's language. */
  kind: UnsubscribeKind;
  alreadyStopped: boolean;
}) {
  const t = useTranslations("mail.unsubscribe");
  const [result, action, pending] = useActionState(unsubscribeAction, null);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) outcome.current?.focus();
  }, [result]);
  if (result?.ok || (alreadyStopped && !result)) {
    return (
      <div ref={outcome} tabIndex={-1} className="space-y-3 rounded-lg focus:outline-none focus-visible:outline-2">
        <Notice tone="info" title={result?.ok ? t("stopped", { kind }) : t("alreadyStopped", { kind })}>
          {t("noMore", { kind })}
        </Notice>
        <TurnBackOn />
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4" aria-busy={pending}>
      <input type="hidden" name="token" value={token} />
      <div ref={outcome} tabIndex={-1} aria-live="polite" className="rounded-lg focus:outline-none">
        {result && !result.ok ? <Notice tone="error" title={result.message} /> : null}
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("stopping") : t("stop", { kind })}
      </Button>
    </form>
  );
}
