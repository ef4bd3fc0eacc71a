"use client";

import { useActionState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { pullNow } from "@/lib/features/sync/actions";

export function PullNowButton() {
  const [result, action, pending] = useActionState(pullNow, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Pulling…" : "Pull now"}
      </Button>
      {pending ? (
        <p role="status" className="text-sm text-stone-600">
          Asking the Partner API for the three reports…
        </p>
      ) : null}
      {!pending ? <FormSummary result={result} fields={{}} successTitle="Pulled" /> : null}
    </form>
  );
}
