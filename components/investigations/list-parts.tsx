/** The pieces of the screens' lists and tables: paged, with their counts by property first. */
import type { ReactNode } from "react";

import { Link } from "@/components/ui/link";
import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import { formatCalendarDay, formatDayWithYear } from "@/lib/core/format";
import type { Page } from "@/lib/core/paging";
import type { WindowDays } from "@/lib/features/investigations/view";

import { count, plural } from "./screen-parts";

/**
 * The orders a table of properties can be read in, as links that keep the rest of the address (the
 * order chosen is plain text, marked current), above the table; the table's first page in each.
 */
export function OrderChoices<S extends string>({
  sorts,
  labels,
  current,
  href,
  label = "Order of the properties",
}: {
  sorts: readonly S[];
  labels: Record<S, string>;
  current: S;
  href: (sort: S) => string;
  label?: string;
}) {
  return (
    <nav aria-label={label} className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-stone-700">Order:</span>
      {sorts.map((sort) =>
        sort === current ? (
          <span key={sort} aria-current="true" className="font-medium text-stone-900">
            {labels[sort]}
          </span>
        ) : (
          <Link key={sort} href={href(sort)} className="text-sky-800 underline">
            {labels[sort]}
          </Link>
        ),
      )}
    </nav>
  );
}

/**
 * A page of a list (`children`, its table): where the page is in the list above it, and the
 * previous and next pages below it, when there is more than one.
 */
export function PagedList({
  page,
  noun,
  rangeTestId,
  rangeClassName = "mb-2 text-sm text-stone-700",
  rangeTail = "",
  pagerLabel,
  pageTestId,
  href,
  children,
}: {
  page: Omit<Page<unknown>, "rows"> & { rows: readonly unknown[] };
  /** What the list holds, capitalised: "Properties". */
  noun: string;
  rangeTestId: string;
  rangeClassName?: string;
  /** After the range: ", longest waiting first". */
  rangeTail?: string;
  pagerLabel: string;
  pageTestId?: string;
  href: (page: number) => string;
  children: ReactNode;
}) {
  const several = page.pages > 1;
  return (
    <>
      {several ? (
        <p className={rangeClassName} data-testid={rangeTestId}>
          {noun} {count(page.first)}–{count(page.first + page.rows.length - 1)} of {count(page.total)}
          {rangeTail}
        </p>
      ) : null}
      {children}
      {several ? (
        <Pager
          label={pagerLabel}
          previous={page.page > 1 ? { href: href(page.page - 1), text: "Previous" } : null}
          next={page.page < page.pages ? { href: href(page.page + 1), text: "Next" } : null}
        >
          <span className="text-stone-700" data-testid={pageTestId}>
            Page {page.page} of {page.pages}
          </span>
        </Pager>
      ) : null}
    </>
  );
}

/**
 * Where a list drawn from the linkage comes from, in one line: the stored days of the window, those
 * retention emptied, and how guests are linked; `children`, what the list adds.
 */
export function LinkageProvenance({
  list,
  testId,
  children,
}: {
  list: { window: WindowDays; from: string; to: string; days: { stored: number; purged: number } };
  testId: string;
  children?: ReactNode;
}) {
  const purged =
    list.days.purged > 0
      ? `; retention has removed guest data of ${count(list.days.purged)} of them, at some properties or all, and nothing links there`
      : "";
  return (
    <p className="text-xs text-stone-600" data-testid={testId}>
      {`From ${plural(list.days.stored, "stored guest day", "stored guest days")} of the ${list.window} days from ${formatDayWithYear(list.from)} to ${formatDayWithYear(list.to)}${purged}; guests linked by the keyed hash of their document number where the property's privacy policy keeps it.`}
      {children ? <> {children}</> : null}
    </p>
  );
}

/** A list's table: its caption for screen readers, a head per column, then the rows (`children`). */
export function ListTable({
  label,
  caption,
  minWidth,
  testId,
  heads,
  children,
}: {
  label: string;
  caption: string;
  /** A Tailwind min-width class: the table scrolls sideways inside its box below it. */
  minWidth: string;
  testId: string;
  heads: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollTable label={label} minWidth={minWidth} testId={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
          {heads.map((head) => (
            <th key={head} scope="col" className="px-3 py-2 font-medium">
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </ScrollTable>
  );
}

/** A column of counts by property: its head, and each row's count. */
export interface FigureColumn<R> {
  /** The cells' data-column. */
  key: string;
  head: string;
  value: (row: R) => number;
  /** The total of the row, in bold. */
  strong?: boolean;
}

/** The counts before a list: a row per property (by its label), a column per count. */
export function FiguresByProperty<R extends { label: string }>({
  label,
  caption,
  testId,
  rowTestId,
  columns,
  rows,
}: {
  label: string;
  caption: string;
  testId: string;
  rowTestId: string;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
}) {
  return (
    <ScrollTable label={label} minWidth="min-w-[40rem]" testId={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-stone-50 text-left text-xs text-stone-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            Property
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="px-3 py-2 text-right font-medium">
              {column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t border-stone-100" data-testid={rowTestId}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
              {row.label}
            </th>
            {columns.map((column) => (
              <td
                key={column.key}
                className={`px-3 py-2 text-right ${column.strong ? "font-semibold" : ""}tabular-nums`}
                data-column={column.key}
              >
                {count(column.value(row))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** A link to one stored day's list of an entry's property ("Guests of Mar 3"), the property said to screen readers. */
export function DayLink({ href, list, day, label }: { href: string; list: string; day: string; label: string }) {
  return (
    <Link className="text-sky-800 underline" href={href}>
      {list} of {formatCalendarDay(day)}
      <span className="sr-only"> at {label}</span>
    </Link>
  );
}
