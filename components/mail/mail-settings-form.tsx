"use client";

import { useActionState, useState } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { FieldError, SelectField } from "@/components/ui/field";
import { saveMailSettingsAction } from "@/lib/features/mail/actions";
// Types only: settings.ts carries the zod schema, which must not reach the browser (zod probes `new Function`,
// which the Content-Security-Policy refuses and reports).
import type { AlertKind, MailSettings } from "@/lib/features/mail/settings";

const FIELDS = {
  digest: { id: "mail-digest", label: "Daily digest" },
  "alerts[]": { id: "mail-alerts", label: "Alert e-mails" },
  alerts: { id: "mail-alerts", label: "Alert e-mails" },
  hour: { id: "mail-hour", label: "Send no earlier than" },
  zone: { id: "mail-zone", label: "Time zone" },
};

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
  /** "00:00" to "23:00", by hour. */
  hours: readonly string[];
  /** The zone of the person's first property, shown on the first option; null when none is known yet. */
  propertyZone: string | null;
  zones: readonly string[];
}) {
  const [result, action, pending] = useActionState(saveMailSettingsAction, null);
  const errors = fieldErrorsOf(result);
  const [digest, setDigest] = useState(settings.digest);
  const [alerts, setAlerts] = useState(settings.alerts);
  const [hour, setHour] = useState(String(settings.hour));
  const [zone, setZone] = useState(settings.zone ?? "");
  const alertsError = errors["alerts[]"] ?? errors.alerts;
  return (
    <form action={action} noValidate className="space-y-5" aria-busy={pending}>
      <div aria-live="polite">
        <FormSummary result={result} fields={FIELDS} successTitle="Mail settings saved" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">Daily digest</legend>
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
            <span className="block font-medium text-stone-900">Send me the daily digest</span>
            <span id="mail-digest-description" className="block text-stone-600">
              Yesterday at your properties each morning: arrivals, scans, alerts and warnings, and the lists waiting for
              a sign-off. Never a guest&apos;s name.
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
        <legend className="text-sm font-medium text-stone-800">Alert e-mails</legend>
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
          label="Send no earlier than"
          hint="The digest goes out at this local hour or later, once the day is stored."
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
          label="Time zone"
          hint="The zone the hour is read in. “Property zone” follows the first of your properties."
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          error={errors.zone}
        >
          <option value="">
            {/* Short enough to show whole in a phone's field; the hint says which property. */}
            {propertyZone ? `Property zone (${propertyZone})` : "Property zone (UTC until known)"}
          </option>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? "Saving…" : "Save mail settings"}
      </Button>
    </form>
  );
}
