"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import type { ExportTableName } from "@/lib/features/export/audit";
import { useExportDownload } from "@/lib/features/export/hooks";
import { exportFields, exportHref, POSTED_EXPORTS, type ExportParams } from "@/lib/features/export/href";

const EXPORT_CLASS = `${buttonClass("secondary", "field")} whitespace-nowrap`;

/**
 * Downloads the table as the screen shows it (filter, search, sort, columns, day) as CSV. The file
 * is built on the server, where full identification numbers are; those come only to an admin who
 * ticks the choice for them and says why. Every export is audited. A table whose state holds a
 * guest search is asked for with a form post, so the search never sits in an address.
 */
export function ExportButton({
  table,
  params,
  offerFullIdentification = false,
  disabled = false,
  what,
}: {
  table: ExportTableName;
  params: ExportParams;
  /** The "with full identification numbers" choice, with its reason: offer it to admins only. */
  offerFullIdentification?: boolean;
  disabled?: boolean;
  /** Names the table for assistive technology after the visible words, in the person's language: "Download CSV of the guests table"; "this table" by default. */
  what?: string;
}) {
  const t = useTranslations("reports.export");
  const [full, setFull] = useState(false);
  const [reason, setReason] = useState("");
  const ids = useId();
  const { state, download } = useExportDownload(table);
  const withFull = offerFullIdentification && full;
  const label = t("labelOf", { what: what ?? t("thisTable") });
  const posted = POSTED_EXPORTS.has(table);
  const fields = exportFields(withFull ? { ...params, identification: "full" } : params);
  const formId = `${ids}-form`;

  const control = disabled ? (
    <span aria-disabled className={`${EXPORT_CLASS} cursor-not-allowed opacity-60`}>
      {t("download")}
    </span>
  ) : posted ? (
    <form
      id={formId}
      method="post"
      action={`/api/export/${table}`}
      onSubmit={(event) => {
        event.preventDefault();
        void download(event.currentTarget);
      }}
    >
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        aria-describedby={withFull ? `${ids}-warning` : undefined}
        disabled={state.status === "pending"}
        className={EXPORT_CLASS}
      >
        <span aria-hidden>{"↓"}</span>
        {state.status === "pending" ? t("preparing") : t("download")}
      </button>
    </form>
  ) : (
    <a
      href={exportHref(table, params)}
      download
      aria-label={label}
      aria-describedby={withFull ? `${ids}-warning` : undefined}
      className={EXPORT_CLASS}
    >
      <span aria-hidden>{"↓"}</span>
      {t("download")}
    </a>
  );

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid={`export-${table}`}>
      {control}
      {offerFullIdentification ? (
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={full}
            onChange={(event) => setFull(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          {t("withFull")}
        </label>
      ) : null}
      {withFull ? (
        <div className="flex w-full max-w-md flex-col gap-1">
          <label htmlFor={`${ids}-reason`} className="text-sm font-medium text-stone-800">
            {t("reason")}
          </label>
          <input
            id={`${ids}-reason`}
            name="reason"
            form={formId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            aria-required
            autoComplete="off"
            className={inputClass}
          />
          <p id={`${ids}-warning`} className="text-xs leading-4 text-amber-900" role="note">
            {t("warning")}
          </p>
        </div>
      ) : null}
      {state.status === "failed" ? (
        <p role="alert" className="w-full max-w-md text-sm font-medium text-red-700" data-testid="export-error">
          <span aria-hidden>{"⚠ "}</span>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
