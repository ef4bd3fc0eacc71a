"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { PropertyFilterForm } from "@/components/reports/property-filter-form";
import { ReportFrame } from "@/components/reports/report-frame";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { isPropertyRefusal, type Loaded } from "@/lib/core/errors";
import { soleProperty, type PropertyChoice } from "@/lib/core/property-choices";
import type { PropertyNameWords } from "@/lib/core/property-names";
import type { ExportAccess } from "@/lib/features/export/access";
import { visibleColumns, type OptionalColumnId } from "@/lib/features/guests/columns";
import { useGuestRows, useReveals } from "@/lib/features/guests/hooks";
import { viewSearchParams } from "@/lib/features/guests/query";
import { displayRow, type DisplayRow } from "@/lib/features/guests/rows";
import { SCREENING_FILTERS, type ScreeningFilter } from "@/lib/features/guests/screening";
import type { GuestSort } from "@/lib/features/guests/sort";
import type { GuestRowsPage, GuestRowsQuery, GuestsFirstScreen } from "@/lib/features/guests/types";
import { useFormat } from "@/lib/features/preferences/hooks";
import { emptyListDay, emptyListPlace } from "@/lib/features/reports/day-choice";

import { ColumnPicker } from "./column-picker";
import { GuestsTable } from "./guests-table";

/** Ask for the next page this many rows before the end of those loaded comes into view. */
const PREFETCH_ROWS = 30;

/**
 * The rows drawn for a page, made once per page however often the list of pages grows (again only
 * when the words change: a person who changes language keeps the pages already loaded).
 */
const drawnRows = new WeakMap<GuestRowsPage, { words: PropertyNameWords; rows: DisplayRow[] }>();
function rowsOfPage(page: GuestRowsPage, words: PropertyNameWords): DisplayRow[] {
  let drawn = drawnRows.get(page);
  if (drawn?.words !== words) {
    drawn = { words, rows: page.rows.map((row) => displayRow(row.item, row.at, page.report.sharedNames, words)) };
    drawnRows.set(page, drawn);
  }
  return drawn.rows;
}

/** The Show control's groups: screening outcomes, and the staff flag apart from them. */
const SHOW_GROUPS = ["screening", "staff"] as const;

/** The sort and the "Show" choice go in the address (they name no guest); the search text never does. */
function useViewInAddress(view: Omit<GuestRowsQuery, "q">) {
  useEffect(() => {
    const url = new URL(window.location.href);
    for (const name of ["sort", "direction", "show"]) url.searchParams.delete(name);
    for (const [name, value] of Object.entries(viewSearchParams(view))) url.searchParams.set(name, value);
    if (url.href !== window.location.href) window.history.replaceState(null, "", url);
  }, [view]);
}

export function GuestsScreen({
  property,
  day,
  initial,
  initialView,
  initialColumns,
  isAdmin,
  propertyChoices,
  exportAccess,
}: {
  property?: string;
  /** A stored day; absent for yesterday live. */
  day?: string;
  /** The first page of `initialView` (and the property names), as the server loaded it. */
  initial: Loaded<GuestsFirstScreen>;
  initialView: Omit<GuestRowsQuery, "q">;
  initialColumns: OptionalColumnId[];
  isAdmin: boolean;
  /** The person's properties: the filter's choices; with one, no filter and no Property column. */
  propertyChoices: PropertyChoice[];
  /** Absent or `csv: false`: no export control (a viewer). */
  exportAccess?: ExportAccess;
}) {
  const t = useTranslations("guests.screen");
  const words = useTranslations("guests");
  const reportWords = useTranslations("reports");
  const common = useTranslations("common");
  const format = useFormat();
  const count = (value: number) => format.number(value);
  const [first] = useState(() => ({ query: { q: "", ...initialView }, loaded: initial }));
  const [search, setSearch] = useState("");
  const [screening, setScreening] = useState<ScreeningFilter>(initialView.screening);
  const [sort, setSort] = useState<GuestSort>(initialView.sort);
  const [visible, setVisible] = useState<OptionalColumnId[]>(initialColumns);
  const reveals = useReveals(day);

  const view = useMemo(() => ({ screening, sort }), [screening, sort]);
  useViewInAddress(view);
  const query = useMemo(() => ({ q: search, ...view }), [search, view]);
  const result = useGuestRows(property, day, query, first);
  const { data, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, isPlaceholderData, fetchNextPage } =
    result;

  const firstPage = data?.pages[0];
  const info = firstPage?.report;
  const rows = useMemo(() => data?.pages.flatMap((page) => rowsOfPage(page, common)) ?? [], [data, common]);
  const matched = firstPage?.matched ?? 0;
  const total = firstPage?.total ?? 0;
  const counts = firstPage?.counts;
  // One property: a Property column would repeat its name on every row, so it is neither shown nor offered.
  const hiddenColumns = useMemo<OptionalColumnId[]>(
    () => (soleProperty(propertyChoices) !== null ? ["property"] : []),
    [propertyChoices],
  );
  const columns = useMemo(
    () => visibleColumns(visible.filter((id) => !hiddenColumns.includes(id))),
    [visible, hiddenColumns],
  );

  const loaded = rows.length;
  const onRangeEnd = useCallback(
    (lastIndex: number) => {
      if (lastIndex < loaded - PREFETCH_ROWS || !hasNextPage) return;
      if (isFetching || isPlaceholderData || isFetchNextPageError) return;
      void fetchNextPage();
    },
    [loaded, hasNextPage, isFetching, isPlaceholderData, isFetchNextPageError, fetchNextPage],
  );
  const rowAt = useCallback((index: number) => rows[index], [rows]);

  // "Currently banned" is as of the last time Daybook read it: of a stored day, or of yesterday as held; else as of this read.
  const copy = info?.storedCopy ?? info?.held ?? null;
  const liveAt = copy ? (copy.liveObservedAt ?? copy.pulledAt) : (info?.readAt ?? null);
  const asOf = liveAt ? format.event(liveAt) : null;
  const error = result.error;
  const filterRefused =
    !!error && (isPropertyRefusal(error.error.upstream?.code) || (!!property && error.status === 404));
  const place = info?.propertyName ?? property;
  const chosen = SCREENING_FILTERS.find((filter) => filter.id === screening)!;
  const searching = search.trim() !== "";

  const showOption = (filter: (typeof SCREENING_FILTERS)[number]) => (
    <option key={filter.id} value={filter.id}>
      {counts
        ? t("optionWithCount", { label: words(`show.${filter.words}`), count: count(counts[filter.id]) })
        : words(`show.${filter.words}`)}
    </option>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
        <PropertyFilterForm
          action="/guests"
          property={property}
          day={day}
          choices={propertyChoices}
          compact
          className="sm:w-96"
        />
        <div className="min-w-0 lg:w-72">
          <TextField
            id="guest-search"
            label={t("search")}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            disabled={!data}
            className="h-10"
          />
        </div>
        <div className="min-w-0 lg:w-64">
          <SelectField
            id="guest-show"
            label={t("show")}
            value={screening}
            onChange={(event) => setScreening(event.target.value as ScreeningFilter)}
            disabled={!data}
            className="h-10"
          >
            {SCREENING_FILTERS.filter((filter) => filter.group === null).map(showOption)}
            {SHOW_GROUPS.map((group) => (
              <optgroup key={group} label={t(`groups.${group}`)}>
                {SCREENING_FILTERS.filter((filter) => filter.group === group).map(showOption)}
              </optgroup>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap items-end gap-3 lg:ml-auto">
          <ColumnPicker visible={visible} onChange={setVisible} hidden={hiddenColumns} />
          {exportAccess?.csv ? (
            <div className="flex flex-col gap-1">
              <ExportButton
                table="guests"
                what={t("exportWhat")}
                params={{
                  propertyName: property,
                  day,
                  q: search.trim() || undefined,
                  sort: sort.key,
                  direction: sort.direction,
                  columns: visible,
                }}
                offerFullIdentification={exportAccess.fullIdentification && visible.includes("identification")}
                disabled={!data || screening !== "all"}
              />
              {screening !== "all" ? (
                <p className="max-w-64 text-xs text-stone-600" data-testid="export-needs-all">
                  {t("exportNeedsAll")}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <ReportFrame
        report={{
          data: info,
          error,
          isFetching: isFetching && !isFetchingNextPage && !isPlaceholderData,
          refetch: result.refresh,
        }}
        noun={t("noun")}
        what={day ? t("whatStored") : t("whatYesterday")}
        isAdmin={isAdmin}
        errorTestId="report-error"
        liveField
        errorActions={
          filterRefused ? (
            <p className="text-sm">
              <Link href={day ? `/guests?day=${encodeURIComponent(day)}` : "/guests"} className={buttonClass("link")}>
                {t("clearFilter")}
              </Link>
            </p>
          ) : null
        }
        head={
          asOf && info && !info.storedCopy ? (
            <p className="text-xs text-stone-600" aria-live="polite">
              {t.rich("liveAsOf", { asOf, at: (chunks) => <span data-testid="loaded-at">{chunks}</span> })}
            </p>
          ) : null
        }
      >
        {firstPage ? (
          total === 0 ? (
            <EmptyState
              title={t("noArrivals", {
                day: emptyListDay(day, reportWords, format),
                place: emptyListPlace(place, copy?.coverage, reportWords),
              })}
            >
              {t("noCheckIns")}
            </EmptyState>
          ) : (
            <>
              <p className="text-sm text-stone-700" role="status" data-testid="guest-count">
                {t("showing", {
                  matched: count(matched),
                  total: count(total),
                  at: place ? "place" : "none",
                  place: place ?? "",
                })}
              </p>
              {matched === 0 ? (
                <EmptyState
                  title={searching ? t("noMatch") : t("noneShown", { filter: words(`show.${chosen.words}`) })}
                >
                  {searching ? (
                    <>
                      {t("searchHelp")}{" "}
                      <Button variant="link" onClick={() => setSearch("")}>
                        {t("clearSearch")}
                      </Button>
                    </>
                  ) : null}
                  {screening !== "all" ? (
                    <>
                      {" "}
                      <Button variant="link" onClick={() => setScreening("all")}>
                        {t("showAll")}
                      </Button>
                    </>
                  ) : null}
                </EmptyState>
              ) : (
                <GuestsTable
                  count={matched}
                  total={total}
                  rowAt={rowAt}
                  onRangeEnd={onRangeEnd}
                  resetKey={JSON.stringify([search.trim(), screening, sort])}
                  busy={isPlaceholderData}
                  columns={columns}
                  sort={sort}
                  onSort={setSort}
                  asOf={asOf}
                  reveals={reveals}
                />
              )}
            </>
          )
        ) : null}
      </ReportFrame>
    </div>
  );
}
