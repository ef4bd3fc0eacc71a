import { useTranslations } from "next-intl";

import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import { MIN_SCANS } from "@/lib/features/insights/unusual";
import type { FlagRates, StaffFlags } from "@/lib/features/investigations/server";
import type { FlagJudgement } from "@/lib/features/investigations/staff-flags-figures";
import { STAFF_FLAG_SORTS, staffFlagsHref } from "@/lib/features/investigations/staff-flags-view";

import { OrderChoices, PagedList } from "./list-parts";
import { numClass as num, thClass as th } from "./screen-parts";

/** A rate to one decimal, always: "8.1", "8,1". */
export const oneDecimal = (format: Formatter, value: number) =>
  format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Each judgement by its name in investigations.staffFlags.judgement (a key has no hyphen). */
const JUDGEMENT_KEYS = {
  "far-above": "farAbove",
  "far-below": "farBelow",
  usual: "usual",
  "too-few-properties": "tooFewProperties",
  "too-few-arrivals": "tooFewArrivals",
} as const satisfies Record<FlagJudgement["kind"], string>;

function RateHeads() {
  const t = useTranslations("investigations.staffFlags.table");
  return (
    <>
      <th scope="col" className={`${th} text-right`}>
        {t("arrivals")}
      </th>
      <th scope="col" className={`${th} text-right`}>
        {t("flagged")}
      </th>
      <th scope="col" className={`${th} text-right`}>
        {t("per100")}
      </th>
      <th scope="col" className={`${th} text-right`}>
        {t("unmatched")}
      </th>
    </>
  );
}

function RateCells({ rates, format }: { rates: FlagRates; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags.table");
  return (
    <>
      <td className={num} data-column="arrivals">
        {format.number(rates.arrivals)}
      </td>
      <td className={num} data-column="flagged">
        {format.number(rates.flagged)}
      </td>
      <td className={`${num} ${rates.per100 === null ? "text-stone-600 italic" : ""}`} data-column="per100">
        {rates.per100 === null ? t("noArrivals") : oneDecimal(format, rates.per100)}
      </td>
      <td className={num} data-column="unmatched">
        {rates.unmatchedShare === null
          ? t("noneFlagged")
          : t("unmatchedCell", {
              count: format.number(rates.flaggedUnmatched),
              share: oneDecimal(format, rates.unmatchedShare),
            })}
      </td>
    </>
  );
}

/** Every property's flags, in the order chosen, a page at a time, each judged against the group. */
export function StaffFlagPropertyTable({ view, format }: { view: StaffFlags; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags");
  return (
    <>
      {view.properties.total > 1 ? (
        <OrderChoices
          sorts={STAFF_FLAG_SORTS}
          labels={{
            most: t("sorts.most"),
            fewest: t("sorts.fewest"),
            arrivals: t("sorts.arrivals"),
            name: t("sorts.name"),
          }}
          current={view.sort}
          href={(sort) => staffFlagsHref({ window: view.window, property: view.property, sort })}
        />
      ) : null}
      <PagedList
        page={view.properties}
        noun="properties"
        rangeTestId="staff-flags-properties-range"
        pagerLabel={t("propertyPages")}
        href={(page) => staffFlagsHref({ window: view.window, property: view.property, sort: view.sort, page })}
        format={format}
      >
        <ScrollTable label={t("byPropertyTable")} minWidth="min-w-[46rem]" testId="staff-flags-properties">
          <caption className="sr-only">{t("byPropertyCaption", { sort: view.sort })}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
              <th scope="col" className={th}>
                {t("table.property")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("table.storedDays")}
              </th>
              <RateHeads />
              <th scope="col" className={th}>
                {t("table.judgement")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.properties.rows.map((entry) => (
              <tr
                key={entry.label}
                className="border-b border-stone-100 last:border-0"
                data-testid="staff-flags-property-row"
                data-judgement={entry.judgement.kind}
              >
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                  {entry.label}
                </th>
                <td className={num} data-column="stored-days">
                  {format.number(entry.storedDays)}
                </td>
                <RateCells rates={entry} format={format} />
                <td
                  className={`px-3 py-2 ${entry.judgement.kind.startsWith("far") ? "font-semibold text-amber-900" : "text-stone-700"}`}
                  data-column="judgement"
                >
                  {t(`judgement.${JUDGEMENT_KEYS[entry.judgement.kind]}`, { minScans: MIN_SCANS })}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PagedList>
    </>
  );
}

/** Flags by each property's own local weekday, in the order of the person's week. */
export function StaffFlagWeekdayTable({ view, format }: { view: StaffFlags; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags");
  return (
    <ScrollTable label={t("byWeekdayTable")} minWidth="min-w-[36rem]" testId="staff-flags-weekdays">
      <caption className="sr-only">{t("byWeekdayCaption")}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
          <th scope="col" className={th}>
            {t("table.day")}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t("table.propertyDays")}
          </th>
          <RateHeads />
        </tr>
      </thead>
      <tbody>
        {/* The view holds the weekdays from Monday (ISO 1). */}
        {format.weekOrder().map((weekday) => {
          const day = view.weekdays[weekday - 1]!;
          return (
            <tr key={weekday} className="border-b border-stone-100 last:border-0" data-testid="staff-flags-weekday-row">
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                {format.weekday(weekday)}
              </th>
              <td className={num}>{format.number(day.propertyDays)}</td>
              <RateCells rates={day} format={format} />
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
