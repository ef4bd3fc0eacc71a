"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { fieldErrorsOf, FormSummary } from "@/components/admin/form-summary";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { DEFAULT_TIME_ZONE, LANGUAGES, type HourCycle, type LocaleChoice } from "@/lib/core/locale";
import { useFormWithValues } from "@/lib/features/admin/hooks";
import { saveLocale } from "@/lib/features/preferences/actions";

import { ZoneField } from "./zone-field";

export interface LocaleOptions {
  /** Each region format, named in the person's language, with a date and time written in it. */
  regions: readonly { value: string; label: string; example: string }[];
  /** A time written on each clock, in the chosen region. */
  clocks: Record<HourCycle, string>;
  /** The days a week may start on, named in the person's language. */
  weekStarts: readonly { value: number; label: string }[];
  /** The zones a person may choose for Daybook's own events: UTC, then every zone the server knows. */
  zones: readonly string[];
}

const radioLabel =
  "flex items-center gap-2 rounded-md border border-stone-200 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";

function read(form: FormData) {
  const value = (name: string) => String(form.get(name) ?? "");
  return {
    language: value("language"),
    region: value("region"),
    hourCycle: value("hourCycle"),
    weekStart: value("weekStart"),
    timeZone: value("timeZone"),
  };
}

/**
 * A person's language and formats. Saving draws the page again in the new language; the examples
 * beside each choice are the server's, so what the person sees is what Daybook will write. The
 * fields re-mount with what was sent after each save (React resets a form once its action ends,
 * selects included).
 */
export function LocaleForm({ choice, options }: { choice: LocaleChoice; options: LocaleOptions }) {
  const t = useTranslations("settings.locale");
  const [{ result, values, attempt }, action, pending] = useFormWithValues(saveLocale, read, {
    ...choice,
    weekStart: String(choice.weekStart),
    timeZone: choice.timeZone ?? DEFAULT_TIME_ZONE,
  });
  const errors = fieldErrorsOf(result);
  const [region, setRegion] = useState<string>(choice.region);
  const example = options.regions.find((entry) => entry.value === region)?.example ?? "";
  // Once saved, the zone as the server stored it ("europe/zurich" typed reads "Europe/Zurich").
  const zone = (result?.ok ? result.data?.timeZone : undefined) ?? values.timeZone;
  const fields = {
    language: { id: "locale-language", label: t("language") },
    region: { id: "locale-region", label: t("region") },
    hourCycle: { id: "locale-clock-h12", label: t("clock") },
    weekStart: { id: "locale-week-start", label: t("weekStart") },
    timeZone: { id: "locale-time-zone", label: t("timeZone") },
  };
  return (
    <form action={action} noValidate className="space-y-5" aria-busy={pending} data-testid="locale-form">
      <div aria-live="polite">
        <FormSummary result={result} fields={fields} successTitle={t("saved")} />
      </div>
      <div key={attempt} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="locale-language"
            name="language"
            label={t("language")}
            hint={t("languageHint")}
            defaultValue={values.language}
            error={errors.language}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="locale-region"
            name="region"
            label={t("region")}
            hint={t("regionHint", { example })}
            defaultValue={values.region}
            onChange={(event) => setRegion(event.target.value)}
            error={errors.region}
          >
            {options.regions.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-stone-800">{t("clock")}</legend>
            <div className="flex flex-wrap gap-2">
              {(["h12", "h23"] as const).map((cycle) => (
                <label key={cycle} htmlFor={`locale-clock-${cycle}`} className={radioLabel}>
                  <input
                    id={`locale-clock-${cycle}`}
                    type="radio"
                    name="hourCycle"
                    value={cycle}
                    defaultChecked={values.hourCycle === cycle}
                    className="size-4 accent-brand-600"
                  />
                  {t(cycle === "h12" ? "clock12" : "clock24", { example: options.clocks[cycle] })}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            id="locale-week-start"
            name="weekStart"
            label={t("weekStart")}
            defaultValue={values.weekStart}
            error={errors.weekStart}
          >
            {options.weekStarts.map((entry) => (
              <option key={entry.value} value={String(entry.value)}>
                {entry.label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ZoneField initial={zone} zones={options.zones} error={errors.timeZone} />
        </div>
      </div>
      <p className="text-sm text-stone-600">{t("zoneNote")}</p>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
