"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";

import { SortHeader } from "@/components/reports/sort-header";
import { cardClass } from "@/components/ui/card";
import { columnLayout, type GuestColumn } from "@/lib/features/guests/columns";
import type { Reveals, RevealState } from "@/lib/features/guests/hooks";
import type { DisplayRow } from "@/lib/features/guests/rows";
import { isSortKey, nextSort, type GuestSort, type SortKey } from "@/lib/features/guests/sort";
import type { Sort } from "@/lib/features/overview/figures";

import { GuestCell } from "./guest-cells";

const HEADER_HEIGHT = 52;
const ESTIMATED_ROW_HEIGHT = 72;

/** The guest's name stays in view while the table scrolls sideways; the staff column is set apart from the screening outcomes. */
const CELL_EXTRA: Record<string, string> = {
  name: "sticky left-0 z-10 border-r border-stone-200",
  staff: "border-l border-r border-stone-200",
};

/** The guests feature sorts "asc"/"desc" (its CSV export's address keeps them); the table's header speaks ARIA's words. */
function tableSort(sort: GuestSort): Sort<SortKey> {
  return { column: sort.key, direction: sort.direction === "asc" ? "ascending" : "descending" };
}

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: GuestColumn;
  sort: GuestSort;
  onSort: (next: GuestSort) => void;
}) {
  const t = useTranslations("guests");
  const label = t(`columns.${column.id}`);
  const className = `flex items-center px-3 text-left text-xs leading-tight font-semibold tracking-wide text-stone-600 uppercase ${CELL_EXTRA[column.id] ?? ""} ${
    column.id === "name" ? "bg-stone-100" : ""
  }`;
  if (!isSortKey(column.id)) {
    return (
      <div role="columnheader" className={className}>
        {label}
      </div>
    );
  }
  return (
    <SortHeader
      grid
      column={column.id}
      label={label}
      title={t(`table.sortBy.${column.id}`)}
      sort={tableSort(sort)}
      onSort={(key) => onSort(nextSort(sort, key))}
      className={className}
    />
  );
}

interface RowProps {
  row: DisplayRow;
  index: number;
  start: number;
  columns: readonly GuestColumn[];
  template: string;
  asOf: string | null;
  reveal: RevealState | undefined;
  onReveal: Reveals["reveal"];
  onHide: Reveals["hide"];
  measure: (element: HTMLElement | null) => void;
}

const GuestRowView = memo(function GuestRowView({
  row,
  index,
  start,
  columns,
  template,
  asOf,
  reveal,
  onReveal,
  onHide,
  measure,
}: RowProps) {
  const context = { asOf, reveal, onReveal: () => onReveal(row.key, row.item), onHide: () => onHide(row.key) };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      data-testid="guest-row"
      ref={measure}
      className="group absolute top-0 left-0 grid w-full border-b border-stone-100 bg-white text-sm hover:bg-stone-50"
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)` }}
    >
      {columns.map((column) => (
        <div
          key={column.id}
          role={column.id === "name" ? "rowheader" : "cell"}
          data-column={column.id}
          className={`min-w-0 px-3 py-2 break-words ${CELL_EXTRA[column.id] ?? ""} ${
            column.id === "name" ? "bg-white group-hover:bg-stone-50" : column.id === "staff" ? "bg-stone-50/60" : ""
          }`}
        >
          <GuestCell id={column.id} row={row} context={context} />
        </div>
      ))}
    </div>
  );
});

/** A row of the query not loaded yet: its place in the table, a bar where its cells will be. */
function PendingRow({
  index,
  start,
  measure,
}: {
  index: number;
  start: number;
  measure: (element: HTMLElement | null) => void;
}) {
  const t = useTranslations("guests.table");
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      ref={measure}
      className="absolute top-0 left-0 flex w-full items-center border-b border-stone-100 bg-white"
      style={{ height: ESTIMATED_ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="sticky left-0 px-3">
        <span aria-hidden className="block h-4 w-48 animate-pulse rounded bg-stone-100" />
        <span className="sr-only">{t("loadingRow")}</span>
      </div>
    </div>
  );
}

/**
 * The query's arrivals in one table that scrolls with the page, `count` rows tall from the start; the rows arrive
 * page by page (`rowAt` answers for those loaded), and `onRangeEnd` says how far down the person
 * has scrolled, so the next page is asked for before it is needed. Only the rows in view (and a
 * few either side) are in the DOM; aria-rowcount and aria-rowindex tell assistive technology where
 * each one sits.
 */
export function GuestsTable({
  count,
  total,
  rowAt,
  onRangeEnd,
  resetKey,
  busy,
  columns,
  sort,
  onSort,
  asOf,
  reveals,
}: {
  count: number;
  total: number;
  rowAt: (index: number) => DisplayRow | undefined;
  onRangeEnd: (lastIndex: number) => void;
  /** A new value (a new search, filter or sort) scrolls back to the top. */
  resetKey: string;
  /** Rows of the last query are on screen while the new one's arrive. */
  busy: boolean;
  columns: readonly GuestColumn[];
  sort: GuestSort;
  onSort: (next: GuestSort) => void;
  asOf: string | null;
  reveals: Reveals;
}) {
  const t = useTranslations("guests.table");
  const bodyRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  // Where the rows start on the page: what is above the table (notices, the filters) can change height.
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const measure = () => setOffset(Math.round(body.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const { template, width } = columnLayout(columns);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    // Called for every row of the query (thousands) whenever the count changes: a row not loaded yet is keyed by its index.
    getItemKey: (index) => rowAt(index)?.key ?? index,
    overscan: 4,
    scrollMargin: offset,
    // The first paint (on the server too) shows the top of the day rather than an empty box.
    initialRect: { width: 1200, height: 640 },
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? 0;

  useEffect(() => {
    onRangeEnd(lastIndex);
  }, [lastIndex, onRangeEnd]);

  // A new query starts at its first row: back to the table's top if the page was scrolled past it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const top = (headRef.current?.parentElement?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (window.scrollY > top) window.scrollTo({ top });
  }, [resetKey]);

  return (
    <>
      <p id="guest-table-note" className="sr-only">
        {t("note", { count, total })}
      </p>
      {/*
       * The table scrolls with the page, its header held at the top of the window. Sideways, only
       * the rows scroll (a narrow screen, many columns); the header follows them, since a sticky
       * header inside a scrolling box would stick to the box rather than the window.
       */}
      <div role="region" aria-label={t("region")} aria-busy={busy} className={cardClass}>
        <div role="table" aria-label={t("label")} aria-rowcount={count + 1} aria-describedby="guest-table-note">
          <div
            ref={headRef}
            className="sticky top-0 z-20 overflow-hidden rounded-t-lg border-b border-stone-200 bg-stone-100"
          >
            <div role="rowgroup" style={{ width, minWidth: "100%" }}>
              <div
                role="row"
                aria-rowindex={1}
                className="grid"
                style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}
              >
                {columns.map((column) => (
                  <HeaderCell key={column.id} column={column} sort={sort} onSort={onSort} />
                ))}
              </div>
            </div>
          </div>
          {/* The rows' group is what scrolls sideways; focusable, so keyboard users scroll it too. */}
          <div
            ref={bodyRef}
            role="rowgroup"
            tabIndex={0}
            className="overflow-x-auto overflow-y-hidden"
            onScroll={(event) => {
              if (headRef.current) headRef.current.scrollLeft = event.currentTarget.scrollLeft;
            }}
          >
            <div className="relative" style={{ width, minWidth: "100%", height: virtualizer.getTotalSize() }}>
              {virtualRows.map((virtual) => {
                const row = rowAt(virtual.index);
                const rowStart = virtual.start - virtualizer.options.scrollMargin;
                if (!row) {
                  return (
                    <PendingRow
                      key={virtual.key}
                      index={virtual.index}
                      start={rowStart}
                      measure={virtualizer.measureElement}
                    />
                  );
                }
                return (
                  <GuestRowView
                    key={virtual.key}
                    row={row}
                    index={virtual.index}
                    start={rowStart}
                    columns={columns}
                    template={template}
                    asOf={asOf}
                    reveal={reveals.states[row.key]}
                    onReveal={reveals.reveal}
                    onHide={reveals.hide}
                    measure={virtualizer.measureElement}
                  />
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
