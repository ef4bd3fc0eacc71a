"use client";

import { useTranslations } from "next-intl";

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

// Each field's label is its key under admin.sso.connection in the catalogue.
const FIELD_IDS = {
  issuer: "sso-issuer",
  clientId: "sso-client-id",
  clientSecret: "sso-client-secret",
  scopes: "sso-scopes",
  label: "sso-label",
} as const;

/** A connection not yet stored; its button's words are the person's to keep or change (admin.sso.connection.defaultLabel). */
export const NEW_CONNECTION: Omit<ConnectionValues, "label"> = {
  issuer: "",
  clientId: "",
  scopes: "openid email profile",
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
  const t = useTranslations("admin.sso.connection");
  const fields = {
    issuer: { id: FIELD_IDS.issuer, label: t("issuer") },
    clientId: { id: FIELD_IDS.clientId, label: t("clientId") },
    clientSecret: { id: FIELD_IDS.clientSecret, label: t("clientSecret") },
    scopes: { id: FIELD_IDS.scopes, label: t("scopes") },
    label: { id: FIELD_IDS.label, label: t("label") },
  };
  const [state, action, pending] = useFormWithValues(saveConnection, readConnectionForm, initial);
  const { values, result } = state;
  const errors = fieldErrorsOf(result);
  return (
    <form action={action} noValidate aria-label={t("formLabel")} className="space-y-4" aria-busy={pending}>
      <FormSummary result={result} fields={fields} successTitle={t("saved")} />
      <div key={state.attempt} className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            id={fields.issuer.id}
            name="issuer"
            type="url"
            label={fields.issuer.label}
            hint={t.rich("issuerHint", {
              example: "https://login.microsoftonline.com/<tenant>/v2.0",
              code: (chunks) => <code className="break-all">{chunks}</code>,
            })}
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.issuer}
            error={errors.issuer}
            required
          />
        </div>
        <TextField
          id={fields.clientId.id}
          name="clientId"
          label={fields.clientId.label}
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.clientId}
          error={errors.clientId}
          required
        />
        <TextField
          id={fields.clientSecret.id}
          name="clientSecret"
          type="password"
          label={fields.clientSecret.label}
          hint={stored ? t("secretHint") : undefined}
          autoComplete="off"
          spellCheck={false}
          error={errors.clientSecret}
          required={!stored}
        />
        <TextField
          id={fields.scopes.id}
          name="scopes"
          label={fields.scopes.label}
          hint={t("scopesHint")}
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.scopes}
          error={errors.scopes}
        />
        <TextField
          id={fields.label.id}
          name="label"
          label={fields.label.label}
          hint={t("labelHint")}
          autoComplete="off"
          maxLength={80}
          defaultValue={values.label}
          error={errors.label}
          required
        />
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("checking") : t("save")}
      </Button>
    </form>
  );
}
