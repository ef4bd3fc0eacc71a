"use client";

import { useId, useState } from "react";

import { Button } from "@/components/ui/button";

import { NoteField } from "./note-field";

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
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        Undo {what}…
      </Button>
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
      <NoteField
        id={`${id}-reason`}
        label={`Why undo this ${what}? (required)`}
        value={reason}
        onChange={setReason}
        required
        disabled={pending}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          {pending ? "Undoing…" : `Undo ${what}`}
        </Button>
        <Button size="sm" onClick={() => setOpen(false)} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
