"use client";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import { saveConnection } from "@/lib/features/sso/actions";

import { fieldErrorsOf, FormSummary } from "../form-summary";

export interface ConnectionValues {
  issuer: string;
  clientId: string;
  scopes: string;
  label: string;
}

const FIELDS = {
  issuer: { id: "sso-issuer", label: "Issuer URL" },
  clientId: { id: "sso-client-id", label: "Client ID" },
  clientSecret: { id: "sso-client-secret", label: "Client secret" },
  scopes: { id: "sso-scopes", label: "Scopes" },
  label: { id: "sso-label", label: "Button words" },
};

export const NEW_CONNECTION: ConnectionValues = {
  issuer: "",
  clientId: "",
  scopes: "openid email profile",
  label: "Sign in with single sign-on",
};

// The secret is left out: it is typed again after a refusal, never sent back to the page.
function readConnectionForm(form: FormData): ConnectionValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return { issuer: text("issuer"), clientId: text("clientId"), scopes: text("scopes"), label: text("label") };
}

/** The provider's connection as an admin stores it; Daybook checks the issuer's discovery document before saving. */
export function ConnectionForm({ initial, stored }: { initial: ConnectionValues; stored: boolean }) {
  const [state, action, pending] = useFormWithValues(saveConnection, readConnectionForm, initial);
  const { values, result } = state;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate aria-label="Connection" className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={FIELDS} successTitle="Connection saved" />
      <div key={state.attempt} className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            id={FIELDS.issuer.id}
            name="issuer"
            type="url"
            label={FIELDS.issuer.label}
            hint={
              <>
                As the provider&apos;s discovery document names it, e.g.{" "}
                <code className="break-all">{"https://login.microsoftonline.com/<tenant>/v2.0"}</code>
              </>
            }
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.issuer}
            error={errors.issuer}
            required
          />
        </div>
        <TextField
          id={FIELDS.clientId.id}
          name="clientId"
          label={FIELDS.clientId.label}
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.clientId}
          error={errors.clientId}
          required
        />
        <TextField
          id={FIELDS.clientSecret.id}
          name="clientSecret"
          type="password"
          label={FIELDS.clientSecret.label}
          hint={stored ? "Leave blank to keep the stored secret; it is never shown." : undefined}
          autoComplete="off"
          spellCheck={false}
          error={errors.clientSecret}
          required={!stored}
        />
        <TextField
          id={FIELDS.scopes.id}
          name="scopes"
          label={FIELDS.scopes.label}
          hint="Add the scope that releases group membership if your provider needs one, e.g. groups"
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.scopes}
          error={errors.scopes}
        />
        <TextField
          id={FIELDS.label.id}
          name="label"
          label={FIELDS.label.label}
          hint="What the sign-in page's button says, e.g. “Sign in with Contoso”"
          autoComplete="off"
          maxLength={80}
          defaultValue={values.label}
          error={errors.label}
          required
        />
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Checking the provider…" : "Save"}
      </Button>
    </form>
  );
}
