"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";

import { NoteField } from "./note-field";
import type { ReviewStep } from "./record-parts";

/** An admin's undo: opened on purpose, and never without a reason. */
export function UndoForm({
  what,
  pending,
  onUndo,
}: {
  what: ReviewStep;
  pending: boolean;
  onUndo: (reason: string) => Promise<boolean>;
}) {
  const t = useTranslations("review.undo");
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const id = useId();
  if (!open) {
    return (
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {t("open", { what })}
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
        label={t("reason", { what })}
        value={reason}
        onChange={setReason}
        required
        disabled={pending}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={pending}>
          {pending ? t("undoing") : t("submit", { what })}
        </Button>
        <Button size="sm" onClick={() => setOpen(false)} disabled={pending}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
