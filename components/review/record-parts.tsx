"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { PropertyInstant } from "@/components/ui/instants";

import { NoteField } from "./note-field";

/** A review or a sign-off, as the catalogue's sentences choose their words. */
export type ReviewStep = "review" | "signOff";

/** What stands, after its tick: "Reviewed by Ada at 9:14 AM HST", "Signed off by …", in the property's zone. */
export function DoneBy({ what, name, at, zone }: { what: ReviewStep; name: string; at: string; zone?: string | null }) {
  const t = useTranslations("review");
  return (
    <>
      <span aria-hidden className="mr-1">
        {"✓"}
      </span>
      {t.rich("doneBy", { what, name, at: () => <PropertyInstant at={at} zone={zone} /> })}
    </>
  );
}

/** The note kept with a review or a sign-off, as it was typed. */
export function SavedNote({ note, testId }: { note: string; testId: string }) {
  const t = useTranslations("review");
  return (
    <p className="mt-1 break-words whitespace-pre-wrap text-stone-800" data-testid={testId}>
      <span className="sr-only">{t("noteLabel")}</span>
      {note}
    </p>
  );
}

/** The last undo of what no longer stands: who undid it, when and why. */
export function UndoneNote({
  what,
  undone,
  testId,
  zone,
}: {
  what: ReviewStep;
  undone: { undoneByName: string | null; undoneAt: string; reason: string };
  testId: string;
  zone?: string | null;
}) {
  const t = useTranslations("review");
  const parts = {
    what,
    name: undone.undoneByName ?? "",
    at: () => <PropertyInstant at={undone.undoneAt} zone={zone} />,
    reason: () => <span className="break-words whitespace-pre-wrap">{undone.reason}</span>,
  };
  return (
    <p className="mt-1 text-xs text-stone-600" data-testid={testId}>
      {undone.undoneByName ? t.rich("undoneBy", parts) : t.rich("undone", parts)}
    </p>
  );
}

/**
 * A supervisor's form: an optional note and the button that records; the note is cleared once saved.
 * While `blocked` says why it cannot be done yet, the button is disabled with that reason beside it
 * and no note is asked for.
 */
export function NoteForm({
  label,
  submit,
  submitting,
  pending,
  onSave,
  blocked,
  testId,
}: {
  /** Every word in the person's language. */
  label: string;
  /** The button's words, and while it saves. */
  submit: string;
  submitting: string;
  pending: boolean;
  onSave: (note: string) => Promise<boolean>;
  blocked?: string;
  testId?: string;
}) {
  const [note, setNote] = useState("");
  const id = useId();
  return (
    <form
      className="mt-2 space-y-2"
      data-testid={testId}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!blocked && (await onSave(note))) setNote("");
      }}
    >
      {blocked ? null : (
        <NoteField id={`${id}-note`} label={label} value={note} onChange={setNote} disabled={pending} />
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          type="submit"
          variant="primary"
          size="sm"
          disabled={pending || Boolean(blocked)}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
        >
          {pending ? submitting : submit}
        </Button>
        {blocked ? (
          <span id={`${id}-blocked`} className="text-stone-700" data-testid={testId ? `${testId}-blocked` : undefined}>
            {blocked}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** Why the last action was refused, announced at once. */
export function ActionError({ error, testId }: { error: string | null; testId: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-800" data-testid={testId}>
      {error}
    </p>
  );
}
