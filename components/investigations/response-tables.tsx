import { useTranslations } from "next-intl";

import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import { describeDuration } from "@/lib/features/comparison/acknowledgement";
import type { PropertyResponse, ResponseFigures } from "@/lib/features/investigations/response-figures";
import { RESPONSE_SORTS, responseHref } from "@/lib/features/investigations/response-view";
import type { AlertResponse } from "@/lib/features/investigations/server";

import { OrderChoices, PagedList } from "./list-parts";
import { numClass as num, thClass as th } from "./screen-parts";

function FigureCells({ figures, format }: { figures: ResponseFigures; format: Formatter }) {
  const t = useTranslations("investigations.response.table");
  const duration = useTranslations("properties.duration");
  /** A percentile in words: a time, or why there is none. */
  const wait = (ms: number | null) =>
    figures.alerts === 0 ? t("noAlerts") : ms === null ? t("noneAcknowledged") : describeDuration(duration, format, ms);
  return (
    <>
      <td className={num} data-column="alerts">
        {format.number(figures.alerts)}
      </td>
      <td className={num} data-column="not-acknowledged">
        {format.number(figures.notAcknowledged)}
      </td>
      <td className={`${num} ${figures.p50Ms === null ? "text-stone-600 italic" : ""}`} data-column="p50">
        {wait(figures.p50Ms)}
      </td>
      <td className={`${num} ${figures.p90Ms === null ? "text-stone-600 italic" : ""}`} data-column="p90">
        {wait(figures.p90Ms)}
      </td>
    </>
  );
}

function FigureHeads() {
  const t = useTranslations("investigations.response.table");
  return (
    <>
      <th scope="col" className={`${th} text-right`}>
        {t("alerts")}
      </th>
      <th scope="col" className={`${th} text-right`}>
        {t("notAcknowledged")}
      </th>
      <th scope="col" className={`${th} text-right`}>
        {t("p50")}
      </th>
      <th scope="col" className={`${th} text-right`}>
        {t("p90")}
      </th>
    </>
  );
}

/** A property's row without figures: no alerts, or none kept under its privacy policy. */
function StateCell({ state }: { state: Exclude<PropertyResponse["state"], { kind: "alerts" }> }) {
  const t = useTranslations("investigations.response.table");
  return (
    <td colSpan={4} className="px-3 py-2 text-stone-600 italic" data-column="state">
      {state.kind === "no-alerts" ? t("noAlerts") : t("notKept", { policy: state.policy })}
    </td>
  );
}

/** Each property's response, ranked for those who compare properties, a page at a time. */
export function ResponsePropertyTable({
  view,
  ranked,
  format,
}: {
  view: AlertResponse;
  ranked: boolean;
  format: Formatter;
}) {
  const t = useTranslations("investigations.response");
  const href = (change: { page?: number; sort?: AlertResponse["sort"] }) =>
    responseHref({ window: view.window, property: view.property, sort: view.sort, ...change });
  return (
    <>
      {ranked && view.properties.total > 1 ? (
        <OrderChoices
          sorts={RESPONSE_SORTS}
          labels={{
            fastest: t("sorts.fastest"),
            slowest: t("sorts.slowest"),
            unacknowledged: t("sorts.unacknowledged"),
            name: t("sorts.name"),
          }}
          current={view.sort}
          href={(sort) => href({ sort, page: 1 })}
        />
      ) : null}
      <PagedList
        page={view.properties}
        noun="properties"
        rangeTestId="response-properties-range"
        pagerLabel={t("propertyPages")}
        href={(page) => href({ page })}
        format={format}
      >
        <ScrollTable label={t("byPropertyTable")} minWidth="min-w-[40rem]" testId="response-properties">
          <caption className="sr-only">{t("byPropertyCaption", { sort: ranked ? view.sort : "none" })}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
              {ranked ? (
                <th scope="col" className={`${th} text-right`}>
                  {t("table.rank")}
                </th>
              ) : null}
              <th scope="col" className={th}>
                {t("table.property")}
              </th>
              <FigureHeads />
            </tr>
          </thead>
          <tbody>
            {view.properties.rows.map((row: PropertyResponse) => (
              <tr
                key={row.label}
                className="border-b border-stone-100 last:border-0"
                data-testid="response-property-row"
              >
                {ranked ? (
                  <td className={num} data-column="rank">
                    {row.state.kind === "alerts" && row.state.rank !== null ? format.number(row.state.rank) : ""}
                  </td>
                ) : null}
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                  {row.label}
                </th>
                {row.state.kind === "alerts" ? (
                  <FigureCells figures={row.state.figures} format={format} />
                ) : (
                  <StateCell state={row.state} />
                )}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PagedList>
    </>
  );
}

/** A row of the breakdowns: an hour or a weekday on the properties' clocks, named in the person's habits. */
export interface SlotRow {
  key: number;
  name: string;
  figures: ResponseFigures;
}

/** The chosen alerts by hour of check-in or by weekday, each on its property's clock. */
export function ResponseSlotTable({
  rows,
  first,
  label,
  testId,
  format,
}: {
  rows: readonly SlotRow[];
  first: string;
  label: string;
  testId: string;
  format: Formatter;
}) {
  return (
    <ScrollTable label={label} minWidth="min-w-[34rem]" testId={testId}>
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
          <th scope="col" className={th}>
            {first}
          </th>
          <FigureHeads />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-stone-100 last:border-0" data-testid={`${testId}-row`}>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-stone-900">
              {row.name}
            </th>
            <FigureCells figures={row.figures} format={format} />
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
