"use client";

import { useTranslations } from "next-intl";

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
  /** In the person's language. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
}) {
  const t = useTranslations("review");
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
      hint={<p className="text-right text-xs">{t("noteCount", { count: value.length, max: NOTE_MAX })}</p>}
    />
  );
}
