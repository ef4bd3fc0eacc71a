"use client";

import { useId, useState } from "react";

import { DANGER_BUTTON, SECONDARY_BUTTON, TextField } from "./text-field";

/** An admin's undo: opened on purpose, and never without a reason. */
export function UndoForm({
  what,
  pending,
  onUndo,
}: {
  /** "review" or "sign-off". */
  what: string;
  pending: boolean;
  onUndo: (reason: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  if (!open) {
    return (
      <button type="button" className={DANGER_BUTTON} onClick={() => setOpen(true)}>
        Undo {what}…
      </button>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onUndo(reason)) {
          setReason("");
          setOpen(false);
        }
      }}
    >
      <TextField
        id={`${id}-reason`}
        label={`Why undo this ${what}? (required)`}
        value={reason}
        onChange={setReason}
        required
        disabled={pending}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={DANGER_BUTTON} disabled={pending}>
          {pending ? "Undoing…" : `Undo ${what}`}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setOpen(false)} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
