import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import {
  formatRate,
  OUTCOME_SORTS,
  outcomesHref,
  type MonthRow,
  type OutcomeRow,
} from "@/lib/features/investigations/outcome-view";
import type { OutcomeView } from "@/lib/features/investigations/server";
import { getFormat } from "@/lib/features/preferences/server";

import { OrderChoices, PagedList } from "./list-parts";
import { numClass as num, thClass as th } from "./screen-parts";

/** The counts beside every rate, in the order of the columns (each named in investigations.outcomes.columns). */
const COUNT_COLUMNS = [
  "decided",
  "falseMatches",
  "confirmed",
  "outdated",
  "unverified",
  "noOutcome",
  "policeContacted",
] as const satisfies readonly (keyof OutcomeRow)[];

/** A rate, or "too few to judge" in the muted words the screens use for a figure that is not there. */
export function RateCell({ row, format }: { row: Pick<OutcomeRow, "rate" | "decided">; format: Formatter }) {
  const t = useTranslations("investigations.outcomes");
  return (
    <td className={`${num} ${row.rate === null ? "text-stone-600 italic" : "font-medium"}`} data-column="rate">
      {formatRate(row, format) ?? t("tooFew")}
    </td>
  );
}

export function OutcomeHeads({ first }: { first: string }) {
  const t = useTranslations("investigations.outcomes");
  return (
    <thead className="bg-stone-50 text-xs text-stone-700 uppercase">
      <tr>
        <th scope="col" className={`${th} text-left`}>
          {first}
        </th>
        <th scope="col" className={`${th} text-right`}>
          {t("rate")}
        </th>
        {COUNT_COLUMNS.map((column) => (
          <th key={column} scope="col" className={`${th} text-right`}>
            {t(`columns.${column}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row's rate and every count beside it, in the person's formats. */
export function OutcomeFigureCells({ row, format }: { row: OutcomeRow; format: Formatter }) {
  return (
    <>
      <RateCell row={row} format={format} />
      {COUNT_COLUMNS.map((column) => (
        <td key={column} className={num} data-column={column}>
          {format.number(row[column])}
        </td>
      ))}
    </>
  );
}

/** The same cells for another screen's table (Properties), which has no formatter to hand down. */
export async function OutcomeCells({ row }: { row: OutcomeRow }) {
  return <OutcomeFigureCells row={row} format={await getFormat()} />;
}

/** One breakdown (by match, source or month): a row per group, its rate and every count. */
export function OutcomeTable<R extends OutcomeRow>({
  rows,
  first,
  label,
  testId,
  name,
  detail,
  format,
}: {
  rows: readonly R[];
  first: string;
  label: string;
  testId: string;
  /** A row's name as the person reads it. */
  name: (row: R) => string;
  /** A second line under a row's name: the part of a month the window holds. */
  detail?: (row: R) => ReactNode;
  format: Formatter;
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
              {name(row)}
              {detail?.(row)}
            </th>
            <OutcomeFigureCells row={row} format={format} />
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** "Jan 15 – 31 only" under a month the window holds only part of. */
export function MonthPart({ month, format }: { month: MonthRow; format: Formatter }) {
  const t = useTranslations("investigations.outcomes");
  if (!month.partial) return null;
  return (
    <span className="block text-xs font-normal text-stone-600">
      {t("monthPart", { from: format.shortDay(month.from), to: format.shortDay(month.to) })}
    </span>
  );
}

/** Every property's rate, in the order chosen, a page at a time. */
export function OutcomePropertyTable({ view, format }: { view: OutcomeView; format: Formatter }) {
  const t = useTranslations("investigations.outcomes");
  const page = view.properties;
  const href = (change: { page?: number; sort?: OutcomeView["sort"] }) =>
    outcomesHref({ window: view.window, property: view.property?.label, sort: view.sort, ...change });
  return (
    <>
      <OrderChoices
        sorts={OUTCOME_SORTS}
        labels={{ rate: t("sorts.rate"), decided: t("sorts.decided"), name: t("sorts.name") }}
        current={view.sort}
        href={(sort) => href({ sort, page: 1 })}
      />
      <PagedList
        page={page}
        noun="properties"
        rangeTestId="outcomes-properties-range"
        pagerLabel={t("propertyPages")}
        href={(to) => href({ page: to })}
        format={format}
      >
        <ScrollTable label={t("byPropertyTable")} minWidth="min-w-[52rem]" testId="outcomes-by-property-table">
          <caption className="sr-only">{t("byPropertyTable")}</caption>
          <OutcomeHeads first={t("property")} />
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
                <OutcomeFigureCells row={row} format={format} />
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PagedList>
    </>
  );
}
