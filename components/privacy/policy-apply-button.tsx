"use client";

import { useActionState } from "react";

import { FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { applyPoliciesNow } from "@/lib/features/privacy/actions";

/** Runs housekeeping's privacy step now: stored days lose what their policies no longer keep. */
export function PolicyApplyButton() {
  const [result, action, pending] = useActionState(applyPoliciesNow, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <FormSummary result={result} fields={{}} successTitle="Policies applied" />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Applying…" : "Apply now"}
      </Button>
    </form>
  );
}
