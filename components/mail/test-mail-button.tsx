"use client";

import { useActionState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { sendTestMailAction } from "@/lib/features/mail/actions";

/** Sends a test e-mail to the admin at once; the outcome here, the server's reply in the table. */
export function TestMailButton({ email }: { email: string }) {
  const [result, action, pending] = useActionState(sendTestMailAction, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <p className="text-sm text-stone-700">Sends one message to {email} now, through the server above.</p>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Sending…" : "Send a test e-mail to me"}
      </Button>
      <div aria-live="polite">
        {pending ? (
          <p className="text-sm text-stone-600">Handing the message to the mail server…</p>
        ) : (
          <FormSummary result={result} fields={{}} successTitle="Test e-mail sent" />
        )}
      </div>
    </form>
  );
}
