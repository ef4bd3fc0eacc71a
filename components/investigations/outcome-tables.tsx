import type { ReactNode } from "react";

import { ScrollTable } from "@/components/ui/scroll-table";
import { formatShortDay } from "@/lib/core/format";
import {
  OUTCOME_SORT_LABELS,
  OUTCOME_SORTS,
  outcomesHref,
  rateWords,
  type MonthRow,
  type OutcomeRow,
} from "@/lib/features/investigations/outcome-view";
import type { OutcomeView } from "@/lib/features/investigations/server";

import { OrderChoices, PagedList } from "./list-parts";
import { count, numClass as num, thClass as th } from "./screen-parts";

/** The counts beside every rate, in the order of the columns. */
const COUNT_COLUMNS: readonly { key: keyof OutcomeRow; label: string }[] = [
  { key: "decided", label: "Settled" },
  { key: "falseMatches", label: "Not the same person" },
  { key: "confirmed", label: "Same person" },
  { key: "outdated", label: "Record outdated" },
  { key: "unverified", label: "Could not verify" },
  { key: "noOutcome", label: "No outcome recorded" },
  { key: "policeContacted", label: "Police contacted" },
];

/** A rate, or "too few to judge" in the muted words the screens use for a figure that is not there. */
export function RateCell({ row }: { row: Pick<OutcomeRow, "rate" | "decided"> }) {
  return (
    <td className={`${num} ${row.rate === null ? "text-stone-600 italic" : "font-medium"}`} data-column="rate">
      {rateWords(row)}
    </td>
  );
}

export function OutcomeHeads({ first }: { first: string }) {
  return (
    <thead className="bg-stone-50 text-xs text-stone-700 uppercase">
      <tr>
        <th scope="col" className={`${th} text-left`}>
          {first}
        </th>
        <th scope="col" className={`${th} text-right`}>
          False-match rate
        </th>
        {COUNT_COLUMNS.map((column) => (
          <th key={column.key} scope="col" className={`${th} text-right`}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function OutcomeCells({ row }: { row: OutcomeRow }) {
  return (
    <>
      <RateCell row={row} />
      {COUNT_COLUMNS.map((column) => (
        <td key={column.key} className={num} data-column={column.key}>
          {count(row[column.key] as number)}
        </td>
      ))}
    </>
  );
}

/** One breakdown (by match, source or month): a row per group, its rate and every count. */
export function OutcomeTable<R extends OutcomeRow>({
  rows,
  first,
  label,
  testId,
  detail,
}: {
  rows: readonly R[];
  first: string;
  label: string;
  testId: string;
  /** A second line under a row's name: the part of a month the window holds. */
  detail?: (row: R) => ReactNode;
}) {
  return (
    <ScrollTable label={label} minWidth="min-w-[52rem]" testId={testId}>
      <caption className="sr-only">{label}</caption>
      <OutcomeHeads first={first} />
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.key || row.label}
            className="border-b border-stone-100 last:border-0"
            data-testid="outcome-row"
            data-key={row.key}
          >
            <th scope="row" className={`${th} min-w-36 text-left font-medium text-stone-900`}>
              {row.label}
              {detail?.(row)}
            </th>
            <OutcomeCells row={row} />
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** "Jan 15–31" under a month the window holds only part of. */
export function monthPart(month: MonthRow): ReactNode {
  if (!month.partial) return null;
  return (
    <span className="block text-xs font-normal text-stone-600">
      {formatShortDay(month.from)} – {formatShortDay(month.to)} only
    </span>
  );
}

/** Every property's rate, in the order chosen, a page at a time. */
export function OutcomePropertyTable({ view }: { view: OutcomeView }) {
  const page = view.properties;
  const href = (change: { page?: number; sort?: OutcomeView["sort"] }) =>
    outcomesHref({ window: view.window, property: view.property?.label, sort: view.sort, ...change });
  return (
    <>
      <OrderChoices
        sorts={OUTCOME_SORTS}
        labels={OUTCOME_SORT_LABELS}
        current={view.sort}
        href={(sort) => href({ sort, page: 1 })}
      />
      <PagedList
        page={page}
        noun="Properties"
        rangeTestId="outcomes-properties-range"
        pagerLabel="Pages of the properties"
        href={(to) => href({ page: to })}
      >
        <ScrollTable label="False-match rate by property" minWidth="min-w-[52rem]" testId="outcomes-by-property-table">
          <caption className="sr-only">False-match rate by property</caption>
          <OutcomeHeads first="Property" />
          <tbody>
            {page.rows.map((row) => (
              <tr
                key={row.key}
                className={`border-b border-stone-100 last:border-0 ${row.label === view.property?.label ? "bg-stone-50" : ""}`}
                data-testid="outcome-row"
                data-key={row.key}
              >
                <th scope="row" className={`${th} min-w-40 text-left font-medium break-words text-stone-900`}>
                  {row.label}
                </th>
                <OutcomeCells row={row} />
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PagedList>
    </>
  );
}
