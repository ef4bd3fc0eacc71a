"use client";

import { useActionState, useEffect, useRef } from "react";

import { Button, buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { unsubscribeAction } from "@/lib/features/mail/actions";

function TurnBackOn() {
  return (
    <p className="text-sm text-stone-700">
      To turn it back on, sign in and tick it on{" "}
      <Link href="/settings" className={buttonClass("link")}>
        My settings
      </Link>
      .
    </p>
  );
}

/** The one button that stops the mail; what happened takes the focus, for keyboard and screen-reader users. */
export function UnsubscribeForm({
  token,
  words,
  alreadyStopped,
}: {
  token: string;
  words: string;
  alreadyStopped: boolean;
}) {
  const [result, action, pending] = useActionState(unsubscribeAction, null);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) outcome.current?.focus();
  }, [result]);
  if (result?.ok || (alreadyStopped && !result)) {
    return (
      <div ref={outcome} tabIndex={-1} className="space-y-3 rounded-lg focus:outline-none focus-visible:outline-2">
        <Notice tone="info" title={result?.ok ? `Stopped ${words}` : `Already stopped: ${words}`}>
          Daybook sends you no more of it. Nothing else changes.
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
        {pending ? "Stopping…" : `Stop ${words}`}
      </Button>
    </form>
  );
}
