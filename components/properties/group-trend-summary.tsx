import { useTranslations } from "next-intl";

import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import { nextSummarySort, type SummaryColumn, type SummaryPage } from "@/lib/features/comparison/trend-summary";
import { figureFormat } from "@/lib/features/overview/figure-words";

import { keptFields, TREND_FILTER_PARAM, trendsHref, type TrendsPlace } from "./trend-place";
import { averageScans, summaryCell } from "./trend-tables";

const COLUMNS: readonly { column: SummaryColumn }[] = [
  { column: "label" },
  { column: "daysWithFigures" },
  { column: "totalScans" },
  { column: "averageScans" },
  { column: "manualShare" },
  { column: "alertsPer100" },
  { column: "warningsPer100" },
];

/** A column's name in the person's language: the Overview's own where it is one of its columns. */
function useColumnName(): (entry: (typeof COLUMNS)[number]) => string {
  const columns = useTranslations("overview.columns");
  const trends = useTranslations("properties.trends");
  return (entry) => {
    switch (entry.column) {
      case "label":
        return columns("propertyName");
      case "daysWithFigures":
        return trends("daysWithFigures");
      case "totalScans":
        return columns("scans");
      case "averageScans":
        return trends("averageScans");
      default:
        return columns(entry.column);
    }
  };
}

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
  const t = useTranslations("properties.groupSummary");
  const label = useColumnName()(entry);
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
        aria-label={t("sortBy", { label, direction: next.direction })}
      >
        {label}
        <span aria-hidden className="text-stone-500">
          {current === "ascending" ? "▲" : current === "descending" ? "▼" : "↕"}
        </span>
      </Link>
    </th>
  );
}

function SummaryPages({ shown, place }: { shown: SummaryPage; place: TrendsPlace }) {
  const t = useTranslations("properties.groupSummary");
  if (shown.pages <= 1) return null;
  return (
    <nav aria-label={t("pagesLabel")} className="flex flex-wrap items-center gap-3 text-sm">
      {shown.page > 1 ? (
        <Link href={trendsHref(place, { page: shown.page - 1 })} className={buttonClass("secondary", "sm")}>
          <span aria-hidden>{"←"}</span>
          {t("previous")}
        </Link>
      ) : null}
      <span className="text-stone-700" data-testid="trend-summary-page">
        {t("page", { page: shown.page, pages: shown.pages })}
      </span>
      {shown.page < shown.pages ? (
        <Link href={trendsHref(place, { page: shown.page + 1 })} className={buttonClass("secondary", "sm")}>
          {t("next")}
          <span aria-hidden>→</span>
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
  format,
}: {
  shown: SummaryPage;
  storedDays: number;
  place: TrendsPlace;
  format: Formatter;
}) {
  const t = useTranslations("properties.groupSummary");
  const trends = useTranslations("properties.trends");
  const figures = figureFormat(format, useTranslations("overview.figures"));
  const last = shown.first + shown.rows.length - 1;
  return (
    <div className="space-y-3" data-testid="group-trend-summary">
      <h3 className="text-sm font-medium text-stone-800">{trends("summaryCaption")}</h3>
      <form action="/properties#trends" method="get" className="flex flex-wrap items-end gap-2">
        {keptFields(place, ["filter"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          id="trend-filter"
          name={TREND_FILTER_PARAM}
          label={t("filter")}
          defaultValue={shown.filter}
          autoComplete="off"
        />
        <Button type="submit" size="field" variant="secondary">
          {t("find")}
        </Button>
        {shown.filter !== "" ? (
          <Link href={trendsHref(place, { filter: "", page: 1 })} className={buttonClass("link")}>
            {t("showEvery")}
          </Link>
        ) : null}
      </form>
      <p className="text-sm text-stone-700" data-testid="trend-summary-count">
        {t("count", {
          filtered: shown.filter === "" ? "no" : "yes",
          total: shown.total,
          matching: shown.matching,
          filter: shown.filter,
          cut: shown.matching > shown.rows.length && shown.rows.length > 0 ? "yes" : "no",
          first: shown.first,
          last,
        })}
      </p>
      {shown.rows.length === 0 ? (
        <EmptyState title={t("noneTitle", { filter: shown.filter })}>{t("noneBody")}</EmptyState>
      ) : (
        <ScrollTable label={trends("summaryLabel")} minWidth="min-w-[48rem]" testId="trend-summary">
          <caption className="sr-only">{t("caption", { first: shown.first, last, matching: shown.matching })}</caption>
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
                  {trends("daysOf", { days: summary.daysWithFigures, stored: storedDays })}
                </td>
                <td className="px-3 py-2 text-right" data-column="totalScans">
                  {summaryCell(summary, "scans", figures.value(summary.totalScans))}
                </td>
                <td className="px-3 py-2 text-right" data-column="averageScans">
                  {summaryCell(summary, "scans", averageScans(format, summary))}
                </td>
                <td className="px-3 py-2 text-right" data-column="manualShare">
                  {summaryCell(summary, "manualShare", figures.share(summary.manualShare))}
                </td>
                <td className="px-3 py-2 text-right" data-column="alertsPer100">
                  {summaryCell(summary, "alertsPer100", figures.rate(summary.alertsPer100))}
                </td>
                <td className="px-3 py-2 text-right" data-column="warningsPer100">
                  {summaryCell(summary, "warningsPer100", figures.rate(summary.warningsPer100))}
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
