"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/errors";

/** Field name → what is wrong with it, after a refused submission; nothing otherwise. */
export function fieldErrorsOf(result: ActionResult<unknown> | null): Record<string, string> {
  return result && !result.ok ? (result.fieldErrors ?? {}) : {};
}

/**
 * The outcome of a submission, at the top of its form. It takes the focus when it changes, so a
 * keyboard or screen-reader user lands on what happened; each field error links to its field.
 */
export function FormSummary({
  result,
  fields,
  successTitle,
}: {
  result: ActionResult<unknown> | null;
  /** Field name → the id of its input and the label to show, in the person's language. */
  fields: Record<string, { id: string; label: string }>;
  /** The title over a success's message, in the person's language; "Done" when none is given. */
  successTitle?: string;
}) {
  const t = useTranslations("admin.formSummary");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  if (!result || (result.ok && !result.message)) return null;
  const errors = Object.entries(fieldErrorsOf(result));
  return (
    <div ref={ref} tabIndex={-1} className="rounded-lg focus:outline-none focus-visible:outline-2">
      {result.ok ? (
        <Notice tone="info" title={successTitle ?? t("done")}>
          {result.message}
        </Notice>
      ) : (
        <Notice tone="error" title={result.message}>
          {errors.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5">
              {errors.map(([name, message]) => {
                const field = fields[name];
                return (
                  <li key={name}>
                    {field ? (
                      <a href={`#${field.id}`} className="underline underline-offset-2">
                        {t("fieldError", { label: field.label, message })}
                      </a>
                    ) : (
                      message
                    )}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </Notice>
      )}
    </div>
  );
}
