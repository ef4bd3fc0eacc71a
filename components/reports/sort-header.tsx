"use client";

import type { Sort } from "@/lib/features/overview/figures";

/** A column header that sorts its table: a button, the state in aria-sort. */
export function SortHeader<C extends string>({
  column,
  label,
  detail,
  numeric,
  sort,
  onSort,
}: {
  column: C;
  label: string;
  /** A second line under the label, e.g. what a change is compared with. */
  detail?: string;
  numeric: boolean;
  sort: Sort<C> | null;
  onSort: (column: C) => void;
}) {
  const active = sort?.column === column;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={`border-b border-stone-200 px-3 py-2 align-bottom font-medium ${numeric ? "text-right" : "sticky left-0 z-10 min-w-44 bg-stone-50"}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={`inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-stone-200 ${numeric ? "flex-row-reverse text-right" : ""}`}
      >
        <span className="whitespace-nowrap">{label}</span>
        <span aria-hidden className={`text-xs ${active ? "text-stone-900" : "text-stone-400"}`}>
          {active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
        </span>
      </button>
      {detail ? (
        <span className="block max-w-48 text-xs font-normal text-stone-600 sm:ml-auto" data-testid="column-detail">
          {detail}
        </span>
      ) : null}
    </th>
  );
}
