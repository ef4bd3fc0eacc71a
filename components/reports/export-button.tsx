"use client";

import { useId, useState } from "react";

import { buttonClass } from "@/components/ui/button";
import type { ExportTableName } from "@/lib/features/export/audit";
import { exportHref, type ExportParams } from "@/lib/features/export/href";

const EXPORT_CLASS = `${buttonClass("secondary", "field")} whitespace-nowrap`;

/**
 * Downloads the table as the screen shows it (filter, search, sort, columns, day) as CSV. The file
 * is built on the server, where full identification numbers are; those come only when the person
 * ticks the choice for them, and only where their role may reveal numbers. Every export is audited.
 */
export function ExportButton({
  table,
  params,
  offerFullIdentification = false,
  disabled = false,
  what = "this table",
}: {
  table: ExportTableName;
  params: ExportParams;
  offerFullIdentification?: boolean;
  disabled?: boolean;
  /** Names the table for assistive technology: "Download the guests table as CSV". */
  what?: string;
}) {
  const [full, setFull] = useState(false);
  const ids = useId();
  const withFull = offerFullIdentification && full;
  const href = exportHref(table, withFull ? { ...params, identification: "full" } : params);

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid={`export-${table}`}>
      {disabled ? (
        <span aria-disabled className={`${EXPORT_CLASS} cursor-not-allowed opacity-60`}>
          Download CSV
        </span>
      ) : (
        <a
          href={href}
          download
          aria-label={`Download ${what} as CSV`}
          aria-describedby={withFull ? `${ids}-warning` : undefined}
          className={EXPORT_CLASS}
        >
          <span aria-hidden>↓</span>
          Download CSV
        </a>
      )}
      {offerFullIdentification ? (
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={full}
            onChange={(event) => setFull(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          With full identification numbers
        </label>
      ) : null}
      {withFull ? (
        // Two short lines at most, so the control keeps the height of the buttons beside it.
        <p id={`${ids}-warning`} className="max-w-64 text-xs leading-4 text-amber-900" role="note">
          The file will hold every guest&apos;s full ID number: keep it safe. The export is recorded.
        </p>
      ) : null}
    </div>
  );
}
