import type { ReactNode } from "react";

import { NotEnoughHistoryBadge, UnusualMark, UnusualNotes } from "@/components/reports/unusual-marks";
import { belowFoldClass, cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ScrollTable } from "@/components/ui/scroll-table";
import { formatCalendarDay, formatShortDay } from "@/lib/core/format";
import {
  formatCoverage,
  latestShares,
  type CoverageCell,
  type CoverageSeries,
  type CoverageTable,
} from "@/lib/features/insights/coverage";
import { COVERAGE_SPEC, type RowMarks } from "@/lib/features/insights/unusual";

/** A cell without a share: "—", "not kept", "not stored". */
const NO_SHARE_CLASS = "text-xs text-stone-600 italic";
const cellClass = (cell: CoverageCell) => `px-3 py-2 text-right ${cell.state === "shares" ? "" : NO_SHARE_CLASS}`;

function CoverageValue({ cell, figure }: { cell: CoverageCell; figure: "unscreenedShare" | "manualShare" }) {
  return (
    <td className={cellClass(cell)} data-column={figure}>
      {formatCoverage(cell, figure)}
    </td>
  );
}

function RowHead({ series, judged = false }: { series: CoverageSeries; judged?: boolean }) {
  return (
    <th scope="row" className="sticky left-0 z-10 min-w-44 bg-white px-3 py-2 text-left font-medium text-stone-900">
      {series.label ?? series.propertyName}
      {judged && series.judgement?.kind === "not-enough-history" ? (
        <span className="ml-2">
          <NotEnoughHistoryBadge />
        </span>
      ) : null}
    </th>
  );
}

/** The coverage tables' heads: the property, its arrivals (one day) or the day shown (side by side), the two shares. */
function ShareHeads({ second }: { second: "Arrivals" | "Day" }) {
  return (
    <thead>
      <tr className="border-b border-stone-200 text-xs text-stone-600">
        <th scope="col" className="px-3 py-2 text-left">
          Property
        </th>
        <th scope="col" className={`px-3 py-2 ${second === "Arrivals" ? "text-right" : "text-left"}`}>
          {second}
        </th>
        <th scope="col" className="px-3 py-2 text-right">
          No screening record
        </th>
        <th scope="col" className="px-3 py-2 text-right">
          Manual-entry share
        </th>
      </tr>
    </thead>
  );
}

/** The share without a screening record: marked with its sentence when far outside the property's history. */
function UnscreenedValue({ series, cell }: { series: CoverageSeries; cell: CoverageCell }) {
  return series.judgement?.kind === "unusual" ? (
    <UnusualMark
      column="unscreenedShare"
      value={formatCoverage(cell, "unscreenedShare")}
      sentence={series.judgement.sentence}
    />
  ) : (
    <CoverageValue cell={cell} figure="unscreenedShare" />
  );
}

/** The day's rows as the unusual-days notes read them: a flagged share, or too little history. */
function coverageMarks(table: CoverageTable): { label: string; marks?: RowMarks }[] {
  return table.series.map((series) => ({
    label: series.label ?? series.propertyName,
    marks:
      series.judgement === undefined
        ? undefined
        : {
            unusual: series.judgement.kind === "unusual" ? { [COVERAGE_SPEC.key]: series.judgement } : {},
            notEnoughHistory: series.judgement.kind === "not-enough-history",
          },
  }));
}

function Legend() {
  return (
    <div className="mt-3 space-y-1 text-xs text-stone-600">
      <p>
        “No screening record”: arrivals whose ban screening the API has no record of (<code>matchedBanAtCheckIn</code>{" "}
        null). They were not checked, which is not the same as clear.
      </p>
      <p>
        “—”: no arrivals, so no share. “not kept”: retention removed the day&apos;s guest data. “not stored”: Daybook
        did not store that day.
      </p>
    </div>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`p-4 sm:p-5 ${cardClass} ${belowFoldClass}`} data-testid={id}>
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{intro}</p>
      {children}
    </section>
  );
}

/** One stored day: each property's share of arrivals without a screening record, beside its manual-entry share. */
export function CoverageDaySection({
  day,
  table,
  rule = true,
}: {
  day: string;
  table: CoverageTable;
  /** False where another table of the page already says how unusual days are judged. */
  rule?: boolean;
}) {
  return (
    <Section
      id="screening-coverage"
      title="Screening coverage"
      intro={
        <>
          Arrivals without a screening record beside those typed in by staff, from the stored guests of{" "}
          {formatCalendarDay(day)}.
        </>
      }
    >
      {table.series.length === 0 ? (
        <EmptyState title="No stored guests for your properties on that day" />
      ) : (
        <ScrollTable label="Screening coverage by property" minWidth="min-w-[36rem]" testId="coverage-day">
          <caption className="sr-only">Screening coverage by property on {formatCalendarDay(day)}</caption>
          <ShareHeads second="Arrivals" />
          <tbody className="tabular-nums">
            {table.series.map((series) => {
              const cell = series.cells[0] ?? { state: "not stored" as const };
              return (
                <tr key={series.key} className="border-b border-stone-100 last:border-0" data-testid="coverage-row">
                  <RowHead series={series} judged />
                  <td className="px-3 py-2 text-right" data-column="arrivals">
                    {cell.state === "shares" ? cell.arrivals : cell.state === "no arrivals" ? 0 : "—"}
                  </td>
                  <UnscreenedValue series={series} cell={cell} />
                  <CoverageValue cell={cell} figure="manualShare" />
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      <div className="mt-3 text-xs text-stone-600">
        <UnusualNotes rows={coverageMarks(table)} rule={rule} />
      </div>
      <Legend />
    </Section>
  );
}

/**
 * Day columns of the trend's table at most: a column a day of a year is a table nobody reads, and
 * megabytes for a large group. Longer ranges show their newest days, and say so.
 */
const TREND_DAY_COLUMNS = 31;

/** The Properties comparison's coverage: the range's last stored day side by side, then each day as a trend. */
export function CoverageTrendSection({ table, range }: { table: CoverageTable | null; range: number }) {
  const title = `Screening coverage over ${range} days`;
  if (!table) {
    return (
      <Section id="coverage-trend" title={title} intro="Daybook has not stored a day of guests yet.">
        {null}
      </Section>
    );
  }
  const { days } = table;
  const dayColumns = days.slice(-TREND_DAY_COLUMNS);
  const skipped = days.length - dayColumns.length;
  return (
    <Section
      id="coverage-trend"
      title={title}
      intro={
        <>
          The share of arrivals without a screening record, beside the manual-entry share, from the stored guests of{" "}
          {formatCalendarDay(days[0]!)} to {formatCalendarDay(days.at(-1)!)}. A share that rises is screening that
          stopped.
        </>
      }
    >
      {table.series.length === 0 ? (
        <EmptyState title="No stored guests for your properties in these days" />
      ) : (
        <div className="space-y-4">
          <ScrollTable label="Screening coverage side by side" minWidth="min-w-[36rem]" testId="coverage-side-by-side">
            <caption className="sr-only">
              Screening coverage side by side, each property&apos;s latest stored day
            </caption>
            <ShareHeads second="Day" />
            <tbody className="tabular-nums">
              {table.series.map((series) => {
                const latest = latestShares(series, days);
                const cell = latest?.cell ?? { state: "not stored" as const };
                return (
                  <tr key={series.key} className="border-b border-stone-100 last:border-0" data-testid="coverage-row">
                    <RowHead series={series} judged />
                    <td className="px-3 py-2">{latest ? formatShortDay(latest.day) : "—"}</td>
                    <UnscreenedValue series={series} cell={cell} />
                    <CoverageValue cell={cell} figure="manualShare" />
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
          <div className="text-xs text-stone-600">
            {/* On Properties, whose unusual days hold the rule once for the page. */}
            <UnusualNotes rows={coverageMarks(table)} rule={false} />
          </div>
          <ScrollTable label="No screening record, day by day" minWidth="min-w-[60rem]" testId="coverage-trend-table">
            <caption className={skipped > 0 ? "px-3 pt-2 text-left text-xs text-stone-600" : "sr-only"}>
              Share of arrivals without a screening record, day by day
              {skipped > 0 ? `: the newest ${dayColumns.length} of the range's ${days.length} days` : ""}
            </caption>
            <thead>
              <tr className="border-b border-stone-200 text-xs text-stone-600">
                <th scope="col" className="sticky left-0 bg-white px-3 py-2 text-left">
                  Property
                </th>
                {dayColumns.map((day) => (
                  <th key={day} scope="col" className="px-2 py-2 text-right whitespace-nowrap" data-day={day}>
                    {formatShortDay(day)}
                  </th>
                ))}
              </tr>
            </thead>
            {/* A cell's spacing from the body, not each cell: 200 properties by 31 days are 6,200 cells,
                and their classes were a third of the page's weight, in its HTML and again in its payload. */}
            <tbody className="tabular-nums [&_td]:px-3 [&_td]:py-2 [&_td]:text-right [&_td]:whitespace-nowrap">
              {table.series.map((series) => (
                <tr
                  key={series.key}
                  className="border-b border-stone-100 last:border-0"
                  data-testid="coverage-trend-row"
                >
                  <RowHead series={series} />
                  {series.cells.slice(skipped).map((cell, index) => (
                    <td key={dayColumns[index]} className={cell.state === "shares" ? undefined : NO_SHARE_CLASS}>
                      {formatCoverage(cell, "unscreenedShare")}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </div>
      )}
      <Legend />
    </Section>
  );
}
