"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";

import { Button, buttonClass } from "@/components/ui/button";
import { saveGuestColumns } from "@/lib/features/guests/actions";
import { GUEST_COLUMNS, normaliseVisible, type OptionalColumnId } from "@/lib/features/guests/columns";

const OPTIONAL = GUEST_COLUMNS.filter((column) => column.optional);

/**
 * Which optional columns show; remembered for the person on the server. Columns `hidden` for this
 * person (the Property column of someone with one property) are not offered, and their stored
 * choice is kept as it was.
 */
export function ColumnPicker({
  visible,
  onChange,
  hidden = [],
}: {
  visible: OptionalColumnId[];
  onChange: (next: OptionalColumnId[]) => void;
  hidden?: readonly OptionalColumnId[];
}) {
  const t = useTranslations("guests");
  const offered = OPTIONAL.filter((column) => !hidden.includes(column.id));
  const kept = visible.filter((id) => hidden.includes(id));
  const shown = visible.filter((id) => !hidden.includes(id));
  const [status, setStatus] = useState<string>("");
  const [saving, startSaving] = useTransition();

  function choose(next: OptionalColumnId[]) {
    const normalised = normaliseVisible(next);
    onChange(normalised);
    setStatus(t("picker.saving"));
    startSaving(async () => {
      const result = await saveGuestColumns({ visible: normalised }).catch(() => null);
      setStatus(result?.ok ? t("picker.saved") : (result?.message ?? t("picker.notSaved")));
    });
  }

  return (
    <details className="group relative">
      <summary className={`${buttonClass("secondary", "field")} cursor-pointer list-none`}>
        {t("picker.summary", { shown: shown.length, offered: offered.length })}
      </summary>
      <div className="mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-stone-200 bg-white p-3 shadow-lg sm:absolute sm:right-0 sm:z-30">
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">{t("picker.legend")}</legend>
          <p className="mb-2 text-xs text-stone-600">{t("picker.always")}</p>
          <div className="grid gap-1">
            {offered.map((column) => (
              <label key={column.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={visible.includes(column.id)}
                  onChange={(event) =>
                    choose(event.target.checked ? [...visible, column.id] : visible.filter((id) => id !== column.id))
                  }
                />
                {t(`columns.${column.id}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex items-center justify-between gap-2">
          <Button
            variant="link"
            className="text-sm"
            onClick={() => choose([...kept, ...offered.map((column) => column.id)])}
          >
            {t("picker.showAll")}
          </Button>
          <span className="text-xs text-stone-600" role="status" data-testid="columns-status" aria-busy={saving}>
            {status}
          </span>
        </div>
      </div>
    </details>
  );
}
