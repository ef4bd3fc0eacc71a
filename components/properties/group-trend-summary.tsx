import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { ScrollTable } from "@/components/ui/scroll-table";
import { nextSummarySort, type SummaryColumn, type SummaryPage } from "@/lib/features/comparison/trend-summary";
import { formatRate, formatShare, formatValue } from "@/lib/features/overview/figures";

import { keptFields, TREND_FILTER_PARAM, trendsHref, type TrendsPlace } from "./trend-place";
import { summaryCell } from "./trend-tables";

const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

const COLUMNS: readonly { column: SummaryColumn; label: string }[] = [
  { column: "label", label: "Property" },
  { column: "daysWithFigures", label: "Days with figures" },
  { column: "totalScans", label: "Scans" },
  { column: "averageScans", label: "Scans a day" },
  { column: "manualShare", label: "Manual-entry share" },
  { column: "alertsPer100", label: "Alerts per 100 scans" },
  { column: "warningsPer100", label: "Warnings per 100 scans" },
];

/**
 * A column header that sorts by a link, not a script: the sort is done on the server, where every
 * property's row is, and the address keeps it.
 */
function SortHead({
  entry,
  shown,
  place,
}: {
  entry: (typeof COLUMNS)[number];
  shown: SummaryPage;
  place: TrendsPlace;
}) {
  const current = shown.sort?.column === entry.column ? shown.sort.direction : undefined;
  const next = nextSummarySort(shown.sort, entry.column);
  const isLabel = entry.column === "label";
  return (
    <th
      scope="col"
      aria-sort={current ?? "none"}
      className={`border-b border-stone-200 px-3 py-2 font-medium ${isLabel ? "sticky left-0 z-10 min-w-44 bg-stone-50 text-left" : "text-right"}`}
    >
      <Link
        href={trendsHref(place, { sort: next, page: 1 })}
        className={`inline-flex items-center gap-1 hover:underline ${isLabel ? "" : "justify-end"}`}
        aria-label={`${entry.label}: sort ${next.direction}`}
      >
        {entry.label}
        <span aria-hidden className="text-stone-500">
          {current === "ascending" ? "▲" : current === "descending" ? "▼" : "↕"}
        </span>
      </Link>
    </th>
  );
}

function SummaryPages({ shown, place }: { shown: SummaryPage; place: TrendsPlace }) {
  if (shown.pages <= 1) return null;
  return (
    <nav aria-label="Properties in the range, pages" className="flex flex-wrap items-center gap-3 text-sm">
      {shown.page > 1 ? (
        <Link href={trendsHref(place, { page: shown.page - 1 })} className={buttonClass("secondary", "sm")}>
          <span aria-hidden>←</span>Previous
        </Link>
      ) : null}
      <span className="text-stone-700" data-testid="trend-summary-page">
        Page {shown.page} of {shown.pages}
      </span>
      {shown.page < shown.pages ? (
        <Link href={trendsHref(place, { page: shown.page + 1 })} className={buttonClass("secondary", "sm")}>
          Next<span aria-hidden>→</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** The range by property for a large group: a page of rows, found by name, sorted by any column. */
export function GroupTrendSummary({
  shown,
  storedDays,
  place,
}: {
  shown: SummaryPage;
  storedDays: number;
  place: TrendsPlace;
}) {
  return (
    <div className="space-y-3" data-testid="group-trend-summary">
      <h3 className="text-sm font-medium text-stone-800">
        The range by property: totals over its stored days; rates from those totals
      </h3>
      <form action="/properties#trends" method="get" className="flex flex-wrap items-end gap-2">
        {keptFields(place, ["filter"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          id="trend-filter"
          name={TREND_FILTER_PARAM}
          label="Property name"
          defaultValue={shown.filter}
          autoComplete="off"
        />
        <Button type="submit" size="field" variant="secondary">
          Find
        </Button>
        {shown.filter !== "" ? (
          <Link href={trendsHref(place, { filter: "", page: 1 })} className={buttonClass("link")}>
            Show every property
          </Link>
        ) : null}
      </form>
      <p className="text-sm text-stone-700" data-testid="trend-summary-count">
        {shown.filter === ""
          ? `${shown.total} properties`
          : `${shown.matching} of ${shown.total} properties with “${shown.filter}” in the name`}
        {shown.matching > shown.rows.length && shown.rows.length > 0
          ? `, ${shown.first}–${shown.first + shown.rows.length - 1} shown`
          : ""}
      </p>
      {shown.rows.length === 0 ? (
        <EmptyState title={`None of your properties in the range has “${shown.filter}” in its name`}>
          Try part of the name; casing and spaces do not matter.
        </EmptyState>
      ) : (
        <ScrollTable label="The range by property" minWidth="min-w-[48rem]" testId="trend-summary">
          <caption className="sr-only">
            The range by property, {shown.first} to {shown.first + shown.rows.length - 1} of {shown.matching}; each
            column header sorts the table
          </caption>
          <thead className="bg-stone-50 text-left text-stone-700">
            <tr>
              {COLUMNS.map((entry) => (
                <SortHead key={entry.column} entry={entry} shown={shown} place={place} />
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {shown.rows.map((summary) => (
              <tr key={summary.id} className="border-b border-stone-100 last:border-0" data-testid="trend-summary-row">
                <th
                  scope="row"
                  className="sticky left-0 z-10 min-w-44 bg-white px-3 py-2 text-left font-medium text-stone-900"
                >
                  {summary.label}
                </th>
                <td className="px-3 py-2 text-right" data-column="daysWithFigures">
                  {summary.daysWithFigures} of {storedDays}
                </td>
                <td className="px-3 py-2 text-right" data-column="totalScans">
                  {summaryCell(summary, "scans", formatValue(summary.totalScans))}
                </td>
                <td className="px-3 py-2 text-right" data-column="averageScans">
                  {summaryCell(
                    summary,
                    "scans",
                    summary.averageScans === null ? "—" : oneDecimal.format(summary.averageScans),
                  )}
                </td>
                <td className="px-3 py-2 text-right" data-column="manualShare">
                  {summaryCell(summary, "manualShare", formatShare(summary.manualShare))}
                </td>
                <td className="px-3 py-2 text-right" data-column="alertsPer100">
                  {summaryCell(summary, "alertsPer100", formatRate(summary.alertsPer100))}
                </td>
                <td className="px-3 py-2 text-right" data-column="warningsPer100">
                  {summaryCell(summary, "warningsPer100", formatRate(summary.warningsPer100))}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <SummaryPages shown={shown} place={place} />
    </div>
  );
}
