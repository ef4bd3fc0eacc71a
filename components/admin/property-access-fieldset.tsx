"use client";

import { useState } from "react";

import { FailureNotice } from "@/components/reports/failure-notice";
import { FieldError } from "@/components/ui/field";
import type { PropertyOption } from "@/lib/features/admin/users";
import type { Failure } from "@/lib/features/reports/types";

export const ACCESS_FIELD_ID = "access-all";
export const PROPERTIES_FIELD_ID = "properties-list";

function optionNote(option: PropertyOption): string | null {
  const notes: string[] = [];
  if (option.sharedBy > 1) notes.push(`${option.sharedBy} properties share this name; access covers all of them`);
  if (option.reached === false) notes.push("Already granted; the key does not reach it now");
  if (option.reached === null) notes.push("Already granted");
  return notes.length > 0 ? notes.join(". ") : null;
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
  const [mode, setMode] = useState(defaultMode);
  return (
    <fieldset aria-describedby={error ? "access-error" : undefined}>
      <legend className="text-sm font-medium text-stone-800">Property access</legend>
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
          <span>All properties the key reaches, now and later</span>
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
          <span>Only the properties chosen below</span>
        </label>
      </div>
      <FieldError id="access-error" message={error} />

      <fieldset
        id={PROPERTIES_FIELD_ID}
        disabled={mode === "all"}
        hidden={mode === "all"}
        className="mt-3 space-y-3 sm:pl-7"
      >
        <legend className="sr-only">Properties</legend>
        {upstreamError ? (
          <>
            <FailureNotice failure={upstreamError} what="the properties the key reaches" guidance={false} />
            <p className="text-sm text-stone-700">
              Daybook could not list the properties the key reaches. Names already granted stay listed and stay granted;
              try again later to add others.
            </p>
          </>
        ) : null}
        {options.length === 0 ? (
          <p className="rounded-md border border-dashed border-stone-300 bg-white px-4 py-3 text-sm text-stone-700">
            {upstreamError
              ? "There are no names to choose from until the Partner API answers. Choose “All properties”, or come back later."
              : "The key reaches no properties yet. Without any, this person sees no report."}
          </p>
        ) : (
          <ul className="max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200 bg-white">
            {options.map((option, index) => {
              const note = optionNote(option);
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
        {options.length > 0 ? (
          <p className="text-sm text-stone-600">
            With no property chosen, this person sees no report until you add one.
          </p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}
