"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { MATCH_OUTCOMES, type MatchOutcome } from "@/lib/core/match-outcomes";

import { NoteField } from "./note-field";

/** What a supervisor records on a review: the outcome (required), the police, and a note where asked. */
export interface OutcomeChoice {
  outcome: MatchOutcome;
  policeContacted: boolean;
  note?: string;
}

/**
 * The outcome of the check as a required radio group, each choice with its line of explanation, and
 * the optional "Police contacted". The browser will not send the form without a choice; the server
 * refuses a missing or unknown one in words as well.
 */
function OutcomeFields({
  name,
  outcome,
  onOutcome,
  police,
  onPolice,
  disabled,
  legend,
}: {
  name: string;
  outcome: MatchOutcome | null;
  onOutcome: (outcome: MatchOutcome) => void;
  police: boolean;
  onPolice: (police: boolean) => void;
  disabled: boolean;
  legend: string;
}) {
  const t = useTranslations("review");
  return (
    <>
      <fieldset data-testid="outcome-choices">
        <legend className="text-sm font-medium text-stone-800">{legend}</legend>
        <div className="mt-1.5 grid gap-1.5">
          {MATCH_OUTCOMES.map((choice) => (
            <label
              key={choice}
              htmlFor={`${name}-${choice}`}
              className="flex gap-2.5 rounded-md border border-stone-200 bg-white px-2.5 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:opacity-60"
            >
              <input
                id={`${name}-${choice}`}
                type="radio"
                name={name}
                value={choice}
                required
                checked={outcome === choice}
                onChange={() => onOutcome(choice)}
                disabled={disabled}
                aria-labelledby={`${name}-${choice}-label`}
                aria-describedby={`${name}-${choice}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0">
                <span id={`${name}-${choice}-label`} className="block font-medium text-stone-900">
                  {t(`outcomes.${choice}`)}
                </span>
                <span id={`${name}-${choice}-hint`} className="block text-xs break-words text-stone-600">
                  {t(`outcomeHints.${choice}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          checked={police}
          onChange={(event) => onPolice(event.target.checked)}
          disabled={disabled}
          className="size-4 accent-brand-600"
        />
        {t("policeContacted")}
      </label>
    </>
  );
}

/**
 * A supervisor's form that records an outcome: on a review (with a note, `noteLabel`), on every
 * arrival of a list not reviewed yet, or on a review made before outcomes were asked (no note).
 * Cleared once saved.
 */
export function OutcomeForm({
  intro,
  legend,
  noteLabel,
  submit,
  submitting,
  pending,
  onSave,
  testId,
}: {
  /** A line above the choices, saying why they are asked. Every word in the person's language. */
  intro?: string;
  /** "Outcome (required)" unless given. */
  legend?: string;
  /** Where a note goes with it; none asked for without. */
  noteLabel?: string;
  submit: string;
  submitting: string;
  pending: boolean;
  onSave: (choice: OutcomeChoice) => Promise<boolean>;
  testId?: string;
}) {
  const t = useTranslations("review");
  const id = useId();
  const [outcome, setOutcome] = useState<MatchOutcome | null>(null);
  const [police, setPolice] = useState(false);
  const [note, setNote] = useState("");
  return (
    <form
      className="mt-2 space-y-2"
      data-testid={testId}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!outcome) return;
        const choice = { outcome, policeContacted: police, ...(noteLabel ? { note } : {}) };
        if (await onSave(choice)) {
          setOutcome(null);
          setPolice(false);
          setNote("");
        }
      }}
    >
      {intro ? <p className="text-xs text-stone-700">{intro}</p> : null}
      <OutcomeFields
        name={`${id}-outcome`}
        outcome={outcome}
        onOutcome={setOutcome}
        police={police}
        onPolice={setPolice}
        disabled={pending}
        legend={legend ?? t("outcomeLegend")}
      />
      {noteLabel ? (
        <NoteField id={`${id}-note`} label={noteLabel} value={note} onChange={setNote} disabled={pending} />
      ) : null}
      <Button type="submit" variant="primary" size="sm" disabled={pending}>
        {pending ? submitting : submit}
      </Button>
    </form>
  );
}
