"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { setApiKey } from "@/lib/features/admin/actions";

import { ConnectionTestOutcome } from "./connection-test-outcome";
import { fieldErrorsOf, FormSummary } from "./form-summary";

const FIELDS = { key: { id: "api-key", label: "New API key" } };

/**
 * Write-only: the field starts empty, React clears it once the action finishes, and nothing the
 * server sends back holds more of the key than its last 4 characters.
 */
export function ApiKeyForm() {
  const [result, action, pending] = useActionState(setApiKey, null);
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} successTitle="Key saved" />
      {result?.ok && result.data ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-stone-800">Connection test with the new key</h3>
          <ConnectionTestOutcome test={result.data.test} />
          {result.data.test.outcome === "failure" ? (
            <p className="text-sm font-medium text-stone-800">
              Saved anyway, as asked: the key is in use, so reports fail the same way until a key the Partner API
              accepts is set.
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="max-w-md">
        <TextField
          id="api-key"
          name="key"
          type="password"
          label="New API key"
          hint="32 hexadecimal characters, as the API operator issued it. It is stored encrypted and never shown again."
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          maxLength={64}
          error={errors.key}
          required
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input type="checkbox" name="saveAnyway" className="mt-0.5 accent-brand-600" />
        <span>
          Save even if the Partner API refuses it{" "}
          <span className="text-stone-600">(every report then fails until it accepts the key)</span>
        </span>
      </label>
      <p className="text-sm text-stone-700">
        Daybook first tests the connection with the new key and saves it only if the Partner API accepts it. Saving
        takes effect at once: the next request to the Partner API, from any page, uses the new key.
      </p>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Testing and saving…" : "Test and save key"}
      </Button>
    </form>
  );
}
