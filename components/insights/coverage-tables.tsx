import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { NotEnoughHistoryBadge, UnusualMark, UnusualNotes } from "@/components/reports/unusual-marks";
import { belowFoldClass, cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import {
  coverageCellMessage,
  latestShares,
  type CoverageCell,
  type CoverageSeries,
  type CoverageTable,
} from "@/lib/features/insights/coverage";
import { COVERAGE_SPEC, unusualMessage, type RowMarks } from "@/lib/features/insights/unusual";
import { getFormat } from "@/lib/features/preferences/server";

/** A cell without a share: "—", "not kept", "not stored". */
const NO_SHARE_CLASS = "text-xs text-stone-600 italic";
const cellClass = (cell: CoverageCell) => `px-3 py-2 text-right ${cell.state === "shares" ? "" : NO_SHARE_CLASS}`;

type Figure = "unscreenedShare" | "manualShare";

/** A cell's words in the person's language and formats: "12.5 %", "—", "not kept", "not stored". */
function useCoverageWords(format: Formatter) {
  const t = useTranslations("insights.coverage");
  const unusual = useTranslations("insights.unusual");
  // One number format for every share: a year's trend of a large group is thousands of cells.
  const shares = new Intl.NumberFormat(format.habits.region, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const number = { number: (value: number) => shares.format(value) };
  return {
    cell: (cell: CoverageCell, figure: Figure) => {
      const message = coverageCellMessage(cell, figure, number);
      return t(`cells.${message.key}`, { share: message.share });
    },
    /** A flagged share's sentence: "No screening record 41.0 %, usually 12–20 %". */
    sentence: (judged: { value: number; low: number; high: number }) => {
      const message = unusualMessage(COVERAGE_SPEC, judged, format, unusual);
      return unusual(message.key, message.values);
    },
  };
}

function CoverageValue({ cell, figure, format }: { cell: CoverageCell; figure: Figure; format: Formatter }) {
  const words = useCoverageWords(format);
  return (
    <td className={cellClass(cell)} data-column={figure}>
      {words.cell(cell, figure)}
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
function ShareHeads({ second }: { second: "arrivals" | "day" }) {
  const t = useTranslations("insights.coverage.heads");
  return (
    <thead>
      <tr className="border-b border-stone-200 text-xs text-stone-600">
        <th scope="col" className="px-3 py-2 text-left">
          {t("property")}
        </th>
        <th scope="col" className={`px-3 py-2 ${second === "arrivals" ? "text-right" : "text-left"}`}>
          {t(second)}
        </th>
        <th scope="col" className="px-3 py-2 text-right">
          {t("unscreened")}
        </th>
        <th scope="col" className="px-3 py-2 text-right">
          {t("manual")}
        </th>
      </tr>
    </thead>
  );
}

/** The share without a screening record: marked with its sentence when far outside the property's history. */
function UnscreenedValue({ series, cell, format }: { series: CoverageSeries; cell: CoverageCell; format: Formatter }) {
  const words = useCoverageWords(format);
  return series.judgement?.kind === "unusual" ? (
    <UnusualMark
      column="unscreenedShare"
      value={words.cell(cell, "unscreenedShare")}
      sentence={words.sentence(series.judgement)}
    />
  ) : (
    <CoverageValue cell={cell} figure="unscreenedShare" format={format} />
  );
}

/** The rows as the unusual-days notes read them: a flagged share (its sentence in the person's words), or too little history. */
function useCoverageMarks(table: CoverageTable, format: Formatter): { label: string; marks?: RowMarks }[] {
  const words = useCoverageWords(format);
  return table.series.map((series) => {
    const judgement = series.judgement;
    return {
      label: series.label ?? series.propertyName,
      marks:
        judgement === undefined
          ? undefined
          : {
              unusual:
                judgement.kind === "unusual"
                  ? { [COVERAGE_SPEC.key]: { ...judgement, sentence: words.sentence(judgement) } }
                  : {},
              notEnoughHistory: judgement.kind === "not-enough-history",
            },
    };
  });
}

function Legend() {
  const t = useTranslations("insights.coverage.legend");
  return (
    <div className="mt-3 space-y-1 text-xs text-stone-600">
      <p>{t.rich("unscreened", { code: (chunks) => <code>{chunks}</code> })}</p>
      <p>{t("states")}</p>
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

interface DayProps {
  day: string;
  table: CoverageTable;
  /** False where another table of the page already says how unusual days are judged. */
  rule?: boolean;
}

function CoverageDay({ day, table, rule = true, format }: DayProps & { format: Formatter }) {
  const t = useTranslations("insights.coverage");
  const marks = useCoverageMarks(table, format);
  return (
    <Section id="screening-coverage" title={t("title")} intro={t("dayIntro", { day: format.calendarDay(day) })}>
      {table.series.length === 0 ? (
        <EmptyState title={t("dayEmpty")} />
      ) : (
        <ScrollTable label={t("dayTable")} minWidth="min-w-[36rem]" testId="coverage-day">
          <caption className="sr-only">{t("dayCaption", { day: format.calendarDay(day) })}</caption>
          <ShareHeads second="arrivals" />
          <tbody className="tabular-nums">
            {table.series.map((series) => {
              const cell = series.cells[0] ?? { state: "not stored" as const };
              return (
                <tr key={series.key} className="border-b border-stone-100 last:border-0" data-testid="coverage-row">
                  <RowHead series={series} judged />
                  <td className="px-3 py-2 text-right" data-column="arrivals">
                    {cell.state === "shares"
                      ? format.number(cell.arrivals)
                      : cell.state === "no arrivals"
                        ? format.number(0)
                        : t("cells.noArrivals")}
                  </td>
                  <UnscreenedValue series={series} cell={cell} format={format} />
                  <CoverageValue cell={cell} figure="manualShare" format={format} />
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      <div className="mt-3 text-xs text-stone-600">
        <UnusualNotes rows={marks} rule={rule} />
      </div>
      <Legend />
    </Section>
  );
}

/**
 * One stored day: each property's share of arrivals without a screening record, beside its
 * manual-entry share. Async, so it reads the person's formats itself: the Overview hands it the table.
 */
export async function CoverageDaySection(props: DayProps) {
  return <CoverageDay {...props} format={await getFormat()} />;
}

/**
 * Day columns of the trend's table at most: a column a day of a year is a table nobody reads, and
 * megabytes for a large group. Longer ranges show their newest days, and say so.
 */
const TREND_DAY_COLUMNS = 31;

interface TrendProps {
  table: CoverageTable | null;
  range: number;
}

function CoverageTrend({ table, range, format }: TrendProps & { format: Formatter }) {
  const t = useTranslations("insights.coverage");
  const words = useCoverageWords(format);
  const marks = useCoverageMarks(table ?? { days: [], series: [] }, format);
  const title = t("trendTitle", { range });
  if (!table) {
    return (
      <Section id="coverage-trend" title={title} intro={t("trendNone")}>
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
      intro={t("trendIntro", { from: format.calendarDay(days[0]!), to: format.calendarDay(days.at(-1)!) })}
    >
      {table.series.length === 0 ? (
        <EmptyState title={t("trendEmpty")} />
      ) : (
        <div className="space-y-4">
          <ScrollTable label={t("sideBySide")} minWidth="min-w-[36rem]" testId="coverage-side-by-side">
            <caption className="sr-only">{t("sideBySideCaption")}</caption>
            <ShareHeads second="day" />
            <tbody className="tabular-nums">
              {table.series.map((series) => {
                const latest = latestShares(series, days);
                const cell = latest?.cell ?? { state: "not stored" as const };
                return (
                  <tr key={series.key} className="border-b border-stone-100 last:border-0" data-testid="coverage-row">
                    <RowHead series={series} judged />
                    <td className="px-3 py-2">{latest ? format.shortDay(latest.day) : t("cells.noArrivals")}</td>
                    <UnscreenedValue series={series} cell={cell} format={format} />
                    <CoverageValue cell={cell} figure="manualShare" format={format} />
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
          <div className="text-xs text-stone-600">
            {/* On Properties, whose unusual days hold the rule once for the page. */}
            <UnusualNotes rows={marks} rule={false} />
          </div>
          <ScrollTable label={t("trendTable")} minWidth="min-w-[60rem]" testId="coverage-trend-table">
            <caption className={skipped > 0 ? "px-3 pt-2 text-left text-xs text-stone-600" : "sr-only"}>
              {t("trendCaption", { skipped: skipped > 0 ? "yes" : "no", shown: dayColumns.length, total: days.length })}
            </caption>
            <thead>
              <tr className="border-b border-stone-200 text-xs text-stone-600">
                <th scope="col" className="sticky left-0 bg-white px-3 py-2 text-left">
                  {t("heads.property")}
                </th>
                {dayColumns.map((day) => (
                  <th key={day} scope="col" className="px-2 py-2 text-right whitespace-nowrap" data-day={day}>
                    {format.shortDay(day)}
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
                      {words.cell(cell, "unscreenedShare")}
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

/**
 * The Properties comparison's coverage: the range's last stored day side by side, then each day as a
 * trend. Async, so it reads the person's formats itself: Properties hands it the table.
 */
export async function CoverageTrendSection(props: TrendProps) {
  return <CoverageTrend {...props} format={await getFormat()} />;
}
