import { ScrollTable } from "@/components/ui/scroll-table";
import { formatDuration } from "@/lib/features/comparison/acknowledgement";
import {
  describeState,
  type PropertyResponse,
  type ResponseFigures,
} from "@/lib/features/investigations/response-figures";
import { RESPONSE_SORT_LABELS, RESPONSE_SORTS, responseHref } from "@/lib/features/investigations/response-view";
import type { AlertResponse } from "@/lib/features/investigations/server";

import { OrderChoices, PagedList } from "./list-parts";
import { count, numClass as num, thClass as th } from "./screen-parts";

/** A percentile in words: a time, or why there is none. */
export function waitWords(figures: ResponseFigures, which: "p50Ms" | "p90Ms"): string {
  if (figures.alerts === 0) return "No alerts";
  const ms = figures[which];
  return ms === null ? "None acknowledged" : formatDuration(ms);
}

function FigureCells({ figures }: { figures: ResponseFigures }) {
  return (
    <>
      <td className={num} data-column="alerts">
        {count(figures.alerts)}
      </td>
      <td className={num} data-column="not-acknowledged">
        {count(figures.notAcknowledged)}
      </td>
      <td className={`${num} ${figures.p50Ms === null ? "text-stone-600 italic" : ""}`} data-column="p50">
        {waitWords(figures, "p50Ms")}
      </td>
      <td className={`${num} ${figures.p90Ms === null ? "text-stone-600 italic" : ""}`} data-column="p90">
        {waitWords(figures, "p90Ms")}
      </td>
    </>
  );
}

function FigureHeads() {
  return (
    <>
      <th scope="col" className={`${th} text-right`}>
        Alerts
      </th>
      <th scope="col" className={`${th} text-right`}>
        Not acknowledged
      </th>
      <th scope="col" className={`${th} text-right`}>
        50th percentile
      </th>
      <th scope="col" className={`${th} text-right`}>
        90th percentile
      </th>
    </>
  );
}

/** Each property's response, ranked for those who compare properties, a page at a time. */
export function ResponsePropertyTable({ view, ranked }: { view: AlertResponse; ranked: boolean }) {
  const href = (change: { page?: number; sort?: AlertResponse["sort"] }) =>
    responseHref({ window: view.window, property: view.property, sort: view.sort, ...change });
  return (
    <>
      {ranked && view.properties.total > 1 ? (
        <OrderChoices
          sorts={RESPONSE_SORTS}
          labels={RESPONSE_SORT_LABELS}
          current={view.sort}
          href={(sort) => href({ sort, page: 1 })}
        />
      ) : null}
      <PagedList
        page={view.properties}
        noun="Properties"
        rangeTestId="response-properties-range"
        pagerLabel="Alert response properties pages"
        href={(page) => href({ page })}
      >
        <ScrollTable label="Alert response by property" minWidth="min-w-[40rem]" testId="response-properties">
          <caption className="sr-only">
            Alert response by property{ranked ? `, ${RESPONSE_SORT_LABELS[view.sort].toLowerCase()}` : ""}
          </caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
              {ranked ? (
                <th scope="col" className={`${th} text-right`}>
                  Rank
                </th>
              ) : null}
              <th scope="col" className={th}>
                Property
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
                    {row.state.kind === "alerts" && row.state.rank !== null ? row.state.rank : ""}
                  </td>
                ) : null}
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                  {row.label}
                </th>
                {row.state.kind === "alerts" ? (
                  <FigureCells figures={row.state.figures} />
                ) : (
                  <td colSpan={4} className="px-3 py-2 text-stone-600 italic" data-column="state">
                    {describeState(row.state)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PagedList>
    </>
  );
}

/** The chosen alerts by hour of check-in or by weekday, each on its property's clock. */
export function ResponseSlotTable({
  rows,
  first,
  label,
  testId,
}: {
  rows: AlertResponse["hours"];
  first: string;
  label: string;
  testId: string;
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
          <tr key={row.label} className="border-b border-stone-100 last:border-0" data-testid={`${testId}-row`}>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-stone-900">
              {row.label}
            </th>
            <FigureCells figures={row.figures} />
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
