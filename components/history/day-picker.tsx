"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";

import { formatCalendarDay } from "@/lib/core/format";

export interface DayChoice {
  date: string;
  pulledAt: string;
}

const LIVE = "";

/**
 * Yesterday live from the API, or a day from Daybook's own history. The choice lives in the
 * address (`?day=`), beside the screen's other filters, so a stored day can be shared and reloaded.
 */
export function DayPicker({ days, selected }: { days: DayChoice[]; selected?: string }) {
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
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor="day-picker" className="text-sm font-medium text-stone-800">
        Day
      </label>
      <select
        id="day-picker"
        value={selected ?? LIVE}
        onChange={(event) => choose(event.target.value)}
        aria-describedby="day-picker-help"
        aria-busy={pending}
        className="h-10 min-w-0 rounded-md border border-stone-300 bg-white px-3 text-sm sm:w-80"
      >
        <option value={LIVE}>Yesterday — live from the Partner API</option>
        {!known && selected ? <option value={selected}>{selected} — not stored</option> : null}
        {days.map((day) => (
          <option key={day.date} value={day.date}>
            {formatCalendarDay(day.date)} — stored copy
          </option>
        ))}
      </select>
      <p id="day-picker-help" className="text-xs text-stone-600">
        {days.length === 0
          ? "No stored days yet: Daybook keeps each day once the properties' day has closed."
          : `${days.length} stored ${days.length === 1 ? "day" : "days"}, pulled by Daybook every day.`}
      </p>
    </div>
  );
}
