"use client";

import { useTranslations } from "next-intl";

import type { Sort } from "@/lib/features/overview/figures";

/** A column a table of properties sorts by (see `SortHeader`). */
export interface SortableColumn<C extends string> {
  column: C;
  label: string;
  detail?: string;
  numeric: boolean;
}

/**
 * A column header that sorts its table: a button, the state in aria-sort ("ascending" or
 * "descending", the one direction vocabulary of every sortable table; absent while another column
 * sorts). A <th>, or with `grid` a `columnheader` of a table drawn with divs (the guests table).
 */
export function SortHeader<C extends string>({
  column,
  label,
  detail,
  numeric = false,
  sort,
  onSort,
  title,
  grid = false,
  className,
}: {
  column: C;
  label: string;
  /** A second line under the label, e.g. what a change is compared with. */
  detail?: string;
  /** Figures: aligned right, the arrow before the label. */
  numeric?: boolean;
  sort: Sort<C> | null;
  onSort: (column: C) => void;
  /** The button's tooltip, e.g. "Sort by room". */
  title?: string;
  grid?: boolean;
  /** The cell's classes; a <th> has the comparison tables' own by default. */
  className?: string;
}) {
  const active = sort?.column === column;
  const content = (
    <>
      <button
        type="button"
        onClick={() => onSort(column)}
        title={title}
        className={`inline-flex items-center gap-1 rounded px-1 py-0.5 [text-transform:inherit] hover:bg-stone-200 ${numeric ? "flex-row-reverse text-right" : "text-left"}`}
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
    </>
  );
  const ariaSort = active ? sort.direction : undefined;
  if (grid) {
    return (
      <div role="columnheader" aria-sort={ariaSort} className={className}>
        {content}
      </div>
    );
  }
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={
        className ??
        `border-b border-stone-200 px-3 py-2 align-bottom font-medium ${numeric ? "text-right" : "sticky left-0 z-10 min-w-44 bg-stone-50"}`
      }
    >
      {content}
    </th>
  );
}

/**
 * A sortable table's caption and head, a `SortHeader` per column; the caption, for screen readers,
 * ends with the order in force: "…, sorted by Scans descending".
 */
export function SortableHead<C extends string>({
  caption,
  columns,
  sort,
  onSort,
}: {
  caption: string;
  columns: readonly SortableColumn<C>[];
  sort: Sort<C> | null;
  onSort: (column: C) => void;
}) {
  const t = useTranslations("reports.sort");
  const sortedBy = sort ? columns.find((entry) => entry.column === sort.column)?.label : undefined;
  return (
    <>
      <caption className="sr-only">
        {sort ? t("caption", { caption, column: sortedBy ?? "", direction: sort.direction }) : caption}
      </caption>
      <thead className="bg-stone-50 text-left text-stone-700">
        <tr>
          {columns.map((entry) => (
            <SortHeader key={entry.column} {...entry} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </thead>
    </>
  );
}
