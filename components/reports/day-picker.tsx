"use client";

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
      label="Day"
      value={selected ?? LIVE}
      onChange={(event) => choose(event.target.value)}
      aria-busy={pending}
      // As wide as its longest option (a stored day with what it covers), so the chosen label shows whole.
      className="h-10 sm:w-auto sm:max-w-full"
      hint={
        <p className="text-xs">
          {days.length === 0
            ? "No stored days yet: Daybook keeps each day once the properties' day has closed."
            : `${days.length} stored ${days.length === 1 ? "day" : "days"}, pulled by Daybook every day.`}
        </p>
      }
    >
      <option value={LIVE}>{yesterday ?? "Yesterday — live from the Partner API"}</option>
      {!known && selected ? <option value={selected}>{selected} — not stored</option> : null}
      {days.map((day) => (
        <option key={day.date} value={day.date}>
          {day.label}
        </option>
      ))}
    </SelectField>
  );
}
