"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";

import { SelectField } from "@/components/ui/field";
import type { DayChoice } from "@/lib/features/reports/types";

const LIVE = "";

/**
 * Yesterday live from the API, or a day from Daybook's own history, each stored day saying what it
 * covers of the person's properties. The choice lives in the address (`?day=`), beside the screen's
 * other filters, so a stored day can be shared and reloaded.
 */
export function DayPicker({
  days,
  yesterday,
  selected,
}: {
  days: DayChoice[];
  /** The person's yesterday (the day every one of their properties has closed), labelled, when known. */
  yesterday: string | null;
  selected?: string;
}) {
  const t = useTranslations("reports.dayPicker");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const known = selected === undefined || days.some((day) => day.date === selected);

  function choose(value: string) {
    const next = new URLSearchParams(searchParams.toString());
    if (value === LIVE) next.delete("day");
    else next.set("day", value);
    const query = next.toString();
    startTransition(() => router.push(query ? `${pathname}?${query}` : pathname));
  }

  return (
    <SelectField
      id="day-picker"
      label={t("label")}
      value={selected ?? LIVE}
      onChange={(event) => choose(event.target.value)}
      aria-busy={pending}
      // As wide as its longest option (a stored day with what it covers), so the chosen label shows whole.
      className="h-10 sm:w-auto sm:max-w-full"
      hint={
        <p className="text-xs">{days.length === 0 ? t("noStoredDays") : t("storedDays", { count: days.length })}</p>
      }
    >
      <option value={LIVE}>{yesterday ?? t("yesterdayLive")}</option>
      {!known && selected ? <option value={selected}>{t("notStored", { day: selected })}</option> : null}
      {days.map((day) => (
        <option key={day.date} value={day.date}>
          {day.label}
        </option>
      ))}
    </SelectField>
  );
}
