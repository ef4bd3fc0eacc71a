"use client";

import Link from "next/link";
import { useCallback, useDeferredValue, useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { PropertyFilterForm } from "@/components/reports/property-filter-form";
import { ReportFrame } from "@/components/reports/report-frame";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { isPropertyRefusal } from "@/lib/core/errors";
import { formatInstant } from "@/lib/core/format";
import type { ExportAccess } from "@/lib/features/export/access";
import { visibleColumns, type OptionalColumnId } from "@/lib/features/guests/columns";
import { useReveals } from "@/lib/features/guests/hooks";
import { buildRows, filterRows, propertyNames } from "@/lib/features/guests/rows";
import { DEFAULT_SORT, sortRows, type GuestSort } from "@/lib/features/guests/sort";
import type { WithCopy } from "@/lib/features/history/types";
import { useGuestsReport } from "@/lib/features/reports/hooks";
import type { GuestsReport, Loaded } from "@/lib/features/reports/types";

import { ColumnPicker } from "./column-picker";
import { GuestsTable } from "./guests-table";

export function GuestsScreen({
  property,
  day,
  initial,
  initialColumns,
  isAdmin,
  grantedProperties,
  exportAccess,
}: {
  property?: string;
  /** A stored day; absent for yesterday live. */
  day?: string;
  initial: Loaded<WithCopy<GuestsReport>>;
  initialColumns: OptionalColumnId[];
  isAdmin: boolean;
  grantedProperties: string[];
  /** Absent or `csv: false`: no export control (a viewer). */
  exportAccess?: ExportAccess;
}) {
  const report = useGuestsReport(property, day, initial);
  const data = report.data;
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<GuestSort>(DEFAULT_SORT);
  const [visible, setVisible] = useState<OptionalColumnId[]>(initialColumns);
  const reveals = useReveals(day);

  const rows = useMemo(() => buildRows(data?.items ?? []), [data]);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const shown = useMemo(() => filterRows(sorted, deferredQuery), [sorted, deferredQuery]);
  const columns = useMemo(() => visibleColumns(visible), [visible]);
  const choices = useMemo(() => propertyNames(data?.items ?? [], grantedProperties), [data, grantedProperties]);

  // A stored day's "currently banned" is as of the last time Daybook read it, not as of this page load.
  const liveAt = data?.storedCopy
    ? (data.storedCopy.liveObservedAt ?? data.storedCopy.pulledAt)
    : report.dataUpdatedAt
      ? new Date(report.dataUpdatedAt).toISOString()
      : null;
  const asOf = liveAt ? formatInstant(liveAt) : null;
  const filterRefused =
    !!report.error &&
    (isPropertyRefusal(report.error.error.upstream?.code) || (!!property && report.error.status === 404));
  const place = data?.propertyName ?? property;
  const onSort = useCallback((next: GuestSort) => setSort(next), []);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
        <PropertyFilterForm
          action="/guests"
          property={property}
          day={day}
          suggestions={choices}
          compact
          className="sm:w-96"
        />
        <div className="min-w-0 lg:w-72">
          <TextField
            id="guest-search"
            label="Search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Name, room, last 4 of ID, e-mail"
            autoComplete="off"
            disabled={!data}
            className="h-10"
          />
        </div>
        <div className="flex flex-wrap items-end gap-3 lg:ml-auto">
          <ColumnPicker visible={visible} onChange={setVisible} />
          {exportAccess?.csv ? (
            <ExportButton
              table="guests"
              what="the guests table"
              params={{
                propertyName: property,
                day,
                q: query.trim() || undefined,
                sort: sort.key,
                direction: sort.direction,
                columns: visible,
              }}
              offerFullIdentification={exportAccess.fullIdentification && visible.includes("identification")}
              disabled={!data}
            />
          ) : null}
        </div>
      </div>
      <ReportFrame
        report={report}
        noun="arrivals"
        what={day ? "the stored arrivals" : "yesterday's arrivals"}
        isAdmin={isAdmin}
        errorTestId="report-error"
        liveField
        errorActions={
          filterRefused ? (
            <p className="text-sm">
              <Link href={day ? `/guests?day=${encodeURIComponent(day)}` : "/guests"} className={buttonClass("link")}>
                Clear the property filter
              </Link>
            </p>
          ) : null
        }
        head={
          asOf && !data?.storedCopy ? (
            <p className="text-xs text-stone-600" aria-live="polite">
              Loaded <span data-testid="loaded-at">{asOf}</span>. &ldquo;Currently banned&rdquo; is read live by the
              Partner API: it is as of that time. Refresh to read it again.
            </p>
          ) : null
        }
      >
        {data ? (
          data.items.length === 0 ? (
            <EmptyState
              title={place ? `No arrivals yesterday at ${place}` : "No arrivals yesterday at your properties"}
            >
              The Partner API reports no check-ins for the property&rsquo;s previous local day.
            </EmptyState>
          ) : (
            <>
              <p className="text-sm text-stone-700" role="status" data-testid="guest-count">
                Showing {shown.length.toLocaleString("en-US")} of {rows.length.toLocaleString("en-US")} arrivals
                {place ? ` at ${place}` : ""}
              </p>
              {shown.length === 0 ? (
                <EmptyState title="No arrivals match this search">
                  Search looks at names, room, the last 4 characters of the ID number and e-mail.{" "}
                  <Button variant="link" onClick={() => setQuery("")}>
                    Clear the search
                  </Button>
                </EmptyState>
              ) : (
                <GuestsTable
                  rows={shown}
                  totalRows={rows.length}
                  columns={columns}
                  sort={sort}
                  onSort={onSort}
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
