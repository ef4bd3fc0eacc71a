"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { FieldError, SelectField } from "@/components/ui/field";
import { saveMailSettingsAction } from "@/lib/features/mail/actions";
// Types only: settings.ts carries the zod schema, which must not reach the browser (zod probes `new Function`,
// which the Content-Security-Policy refuses and reports).
import type { AlertKind, MailSettings } from "@/lib/features/mail/settings";

const checkboxLabel =
  "flex gap-3 rounded-md border border-stone-200 bg-white p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";

/**
 * A person's mail settings. The fields are controlled, so what the person chose stays on screen
 * after a refused save (React resets a form's uncontrolled fields once its action ends).
 */
export function MailSettingsForm({
  settings,
  alertKinds,
  hours,
  propertyZone,
  zones,
}: {
  settings: MailSettings;
  /** Each kind of alert e-mail and its label. */
  alertKinds: readonly (readonly [AlertKind, string])[];
  /** Each hour of the day (0 to 23) on the person's clock: "7 AM", "07:00". */
  hours: readonly string[];
  /** The zone of the person's first property, shown on the first option; null when none is known yet. */
  propertyZone: string | null;
  zones: readonly string[];
}) {
  const t = useTranslations("mail.settingsForm");
  const [result, action, pending] = useActionState(saveMailSettingsAction, null);
  const fields = {
    digest: { id: "mail-digest", label: t("digest") },
    "alerts[]": { id: "mail-alerts", label: t("alerts") },
    alerts: { id: "mail-alerts", label: t("alerts") },
    hour: { id: "mail-hour", label: t("hour") },
    zone: { id: "mail-zone", label: t("zone") },
  };
  const errors = fieldErrorsOf(result);
  const [digest, setDigest] = useState(settings.digest);
  const [alerts, setAlerts] = useState(settings.alerts);
  const [hour, setHour] = useState(String(settings.hour));
  const [zone, setZone] = useState(settings.zone ?? "");
  const alertsError = errors["alerts[]"] ?? errors.alerts;
  return (
    <form action={action} noValidate className="space-y-5" aria-busy={pending}>
      <div aria-live="polite">
        <FormSummary result={result} fields={fields} successTitle={t("saved")} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">{t("digest")}</legend>
        <label htmlFor="mail-digest" className={checkboxLabel}>
          <input
            id="mail-digest"
            type="checkbox"
            name="digest"
            checked={digest}
            onChange={(event) => setDigest(event.target.checked)}
            aria-describedby="mail-digest-description"
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            <span className="block font-medium text-stone-900">{t("digestBox")}</span>
            <span id="mail-digest-description" className="block text-stone-600">
              {t("digestDescription")}
            </span>
          </span>
        </label>
        <FieldError id="mail-digest-error" message={errors.digest} />
      </fieldset>
      <fieldset
        id="mail-alerts"
        tabIndex={-1}
        className="space-y-2"
        aria-describedby={alertsError ? "mail-alerts-error" : undefined}
      >
        <legend className="text-sm font-medium text-stone-800">{t("alerts")}</legend>
        {alertKinds.map(([kind, label]) => (
          <label key={kind} htmlFor={`mail-alert-${kind}`} className={checkboxLabel}>
            <input
              id={`mail-alert-${kind}`}
              type="checkbox"
              name="alerts[]"
              value={kind}
              checked={alerts[kind]}
              onChange={(event) => setAlerts((before) => ({ ...before, [kind]: event.target.checked }))}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span className="font-medium text-stone-900">{label}</span>
          </label>
        ))}
        <FieldError id="mail-alerts-error" message={alertsError} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="mail-hour"
          name="hour"
          label={t("hour")}
          hint={t("hourHint")}
          value={hour}
          onChange={(event) => setHour(event.target.value)}
          error={errors.hour}
        >
          {hours.map((label, value) => (
            <option key={label} value={String(value)}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="mail-zone"
          name="zone"
          label={t("zone")}
          hint={t("zoneHint")}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          error={errors.zone}
        >
          <option value="">
            {/* Short enough to show whole in a phone's field; the hint says which property. */}
            {propertyZone ? t("propertyZone", { zone: propertyZone }) : t("propertyZoneUnknown")}
          </option>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
