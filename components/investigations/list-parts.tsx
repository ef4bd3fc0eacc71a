/** The pieces of the screens' lists and tables: paged, with their counts by property first. */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Link } from "@/components/ui/link";
import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import type { Page } from "@/lib/core/paging";
import type { WindowDays } from "@/lib/features/investigations/view";

/**
 * The orders a table of properties can be read in, as links that keep the rest of the address (the
 * order chosen is plain text, marked current), above the table; the table's first page in each.
 */
export function OrderChoices<S extends string>({
  sorts,
  labels,
  current,
  href,
  label,
}: {
  sorts: readonly S[];
  labels: Record<S, string>;
  current: S;
  href: (sort: S) => string;
  label?: string;
}) {
  const t = useTranslations("investigations.parts.order");
  return (
    <nav aria-label={label ?? t("label")} className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-stone-700">{t("lead")}</span>
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

/** What a paged list holds, as its range names it ("Properties 1–50 of 120"). */
export type RangeNoun = "properties" | "missedBans" | "repeatVisits" | "alertsWaiting";

/**
 * A page of a list (`children`, its table): where the page is in the list above it, and the
 * previous and next pages below it, when there is more than one.
 */
export function PagedList({
  page,
  noun,
  rangeTestId,
  rangeClassName = "mb-2 text-sm text-stone-700",
  pagerLabel,
  pageTestId,
  href,
  format,
  children,
}: {
  page: Omit<Page<unknown>, "rows"> & { rows: readonly unknown[] };
  noun: RangeNoun;
  rangeTestId: string;
  rangeClassName?: string;
  pagerLabel: string;
  pageTestId?: string;
  href: (page: number) => string;
  format: Formatter;
  children: ReactNode;
}) {
  const t = useTranslations("investigations.parts.paging");
  const several = page.pages > 1;
  return (
    <>
      {several ? (
        <p className={rangeClassName} data-testid={rangeTestId}>
          {t(`range.${noun}`, {
            first: format.number(page.first),
            last: format.number(page.first + page.rows.length - 1),
            total: format.number(page.total),
          })}
        </p>
      ) : null}
      {children}
      {several ? (
        <Pager
          label={pagerLabel}
          previous={page.page > 1 ? { href: href(page.page - 1), text: t("previous") } : null}
          next={page.page < page.pages ? { href: href(page.page + 1), text: t("next") } : null}
        >
          <span className="text-stone-700" data-testid={pageTestId}>
            {t("page", { page: format.number(page.page), pages: format.number(page.pages) })}
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
  format,
  children,
}: {
  list: { window: WindowDays; from: string; to: string; days: { stored: number; purged: number } };
  testId: string;
  format: Formatter;
  children?: ReactNode;
}) {
  const t = useTranslations("investigations.parts");
  return (
    <p className="text-xs text-stone-600" data-testid={testId}>
      {t("provenance", {
        stored: list.days.stored,
        window: list.window,
        from: format.dayWithYear(list.from),
        to: format.dayWithYear(list.to),
        purged: list.days.purged,
      })}
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
  format,
}: {
  label: string;
  caption: string;
  testId: string;
  rowTestId: string;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  format: Formatter;
}) {
  const t = useTranslations("investigations.parts");
  return (
    <ScrollTable label={label} minWidth="min-w-[40rem]" testId={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-stone-50 text-left text-xs text-stone-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {t("property")}
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
                {format.number(column.value(row))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** A link to one stored day's list of an entry's property ("Guests of Mar 3"), the property said to screen readers. */
export function DayLink({
  href,
  list,
  day,
  label,
  format,
}: {
  href: string;
  list: "guests" | "criminalArrivals";
  day: string;
  label: string;
  format: Formatter;
}) {
  const t = useTranslations("investigations.parts");
  return (
    <Link className="text-sky-800 underline" href={href}>
      {t.rich("dayLink", {
        list,
        day: format.calendarDay(day),
        label,
        sr: (chunks) => <span className="sr-only">{chunks}</span>,
      })}
    </Link>
  );
}
