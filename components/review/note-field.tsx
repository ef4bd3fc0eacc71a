"use client";

import { TextAreaField } from "@/components/ui/field";
import { NOTE_MAX } from "@/lib/features/review/limits";

/** A note or a reason: plain text, at most the server's limit, with its count for the person typing. */
export function NoteField({
  id,
  label,
  value,
  onChange,
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextAreaField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={NOTE_MAX}
      required={required}
      disabled={disabled}
      rows={2}
      hint={
        <p className="text-right text-xs">
          {value.length.toLocaleString("en-US")} / {NOTE_MAX.toLocaleString("en-US")} characters
        </p>
      }
    />
  );
}
