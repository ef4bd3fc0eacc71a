"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { FailureNotice } from "@/components/reports/failure-notice";
import { FieldError } from "@/components/ui/field";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

export const ACCESS_FIELD_ID = "access-all";
export const PROPERTIES_FIELD_ID = "properties-list";

type Translate = ReturnType<typeof useTranslations<"admin.propertyAccess">>;

function optionNote(option: PropertyOption, t: Translate): string | null {
  const shared = option.sharedBy > 1 ? t("shared", { count: option.sharedBy }) : null;
  const granted =
    option.reached === false ? t("grantedNotReached") : option.reached === null ? t("alreadyGranted") : null;
  if (shared && granted) return t("twoNotes", { first: shared, second: granted });
  return shared ?? granted;
}

/**
 * All properties, or a chosen list. The list holds every name the key reaches plus any name already
 * granted, so when the Partner API does not answer no grant disappears on saving.
 */
export function PropertyAccessFieldset({
  defaultMode,
  options,
  selected,
  upstreamError,
  error,
}: {
  defaultMode: "all" | "selected";
  options: readonly PropertyOption[];
  selected: readonly string[];
  upstreamError: Failure | null;
  error?: string;
}) {
  const t = useTranslations("admin.propertyAccess");
  const [mode, setMode] = useState(defaultMode);
  return (
    <fieldset aria-describedby={error ? "access-error" : undefined}>
      <legend className="text-sm font-medium text-stone-800">{t("legend")}</legend>
      <div className="mt-2 space-y-2 text-sm">
        <label htmlFor={ACCESS_FIELD_ID} className="flex items-start gap-3">
          <input
            id={ACCESS_FIELD_ID}
            type="radio"
            name="access"
            value="all"
            defaultChecked={defaultMode === "all"}
            onChange={() => setMode("all")}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>{t("all")}</span>
        </label>
        <label htmlFor="access-selected" className="flex items-start gap-3">
          <input
            id="access-selected"
            type="radio"
            name="access"
            value="selected"
            defaultChecked={defaultMode === "selected"}
            onChange={() => setMode("selected")}
            aria-controls={PROPERTIES_FIELD_ID}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>{t("selected")}</span>
        </label>
      </div>
      <FieldError id="access-error" message={error} />

      <fieldset
        id={PROPERTIES_FIELD_ID}
        disabled={mode === "all"}
        hidden={mode === "all"}
        className="mt-3 space-y-3 sm:pl-7"
      >
        <legend className="sr-only">{t("properties")}</legend>
        {upstreamError ? (
          <>
            <FailureNotice failure={upstreamError} what={t("failureWhat")} guidance={false} />
            <p className="text-sm text-stone-700">{t("notListed")}</p>
          </>
        ) : null}
        {options.length === 0 ? (
          <p className="rounded-md border border-dashed border-stone-300 bg-white px-4 py-3 text-sm text-stone-700">
            {upstreamError ? t("noNamesUntilAnswer") : t("noneReached")}
          </p>
        ) : (
          <ul className="max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200 bg-white">
            {options.map((option, index) => {
              const note = optionNote(option, t);
              const id = `property-${index}`;
              return (
                <li key={option.name}>
                  <label htmlFor={id} className="flex items-start gap-3 px-3 py-2 text-sm hover:bg-stone-50">
                    <input
                      id={id}
                      type="checkbox"
                      name="properties"
                      value={option.name}
                      defaultChecked={selected.includes(option.name)}
                      aria-describedby={note ? `${id}-note` : undefined}
                      className="mt-0.5 size-4 accent-brand-600"
                    />
                    <span>
                      <span className="block text-stone-900">{option.name}</span>
                      {note ? (
                        <span id={`${id}-note`} className="block text-stone-600">
                          {note}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {options.length > 0 ? <p className="text-sm text-stone-600">{t("noneChosen")}</p> : null}
      </fieldset>
    </fieldset>
  );
}
