import { useTranslations } from "next-intl";

import { blockBaselineNoteIn, tilesOf, type OverviewBaseline } from "@/lib/features/overview/baseline";
import { BLOCKS, metricOf, type BaselineReason, type Block } from "@/lib/features/overview/figures";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

import { MetricTile } from "./metric-tile";

const FRAME: Record<Block, string> = {
  totals: "border-stone-200 bg-stone-50",
  alerts: "border-red-200 bg-red-50/40",
  warnings: "border-amber-200 bg-amber-50/40",
};

const GRID: Record<Block, string> = {
  totals: "sm:grid-cols-3 lg:grid-cols-5",
  alerts: "sm:grid-cols-3",
  warnings: "sm:grid-cols-2",
};

/** Totals, alerts and warnings: three regions, each with its own heading, never one sum. Part of the Overview's client report. */
export function FigureBlocks({
  report,
  baseline,
  apiReason,
}: {
  report: ScopedUsageReport;
  baseline: OverviewBaseline;
  /** Why the API gives no change, for the block note where Daybook has none either; null: said once above. */
  apiReason: BaselineReason | null;
}) {
  const t = useTranslations("overview");
  const format = useFormat();
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      {BLOCKS.map((entry) => {
        const note = blockBaselineNoteIn(t, format, baseline, tilesOf(entry.tiles, entry.block), apiReason);
        return (
          <section
            key={entry.block}
            aria-labelledby={`block-${entry.block}`}
            data-testid={`block-${entry.block}`}
            className={`rounded-lg border p-4 sm:p-5 ${FRAME[entry.block]} ${entry.block === "totals" ? "lg:col-span-5" : entry.block === "alerts" ? "lg:col-span-3" : "lg:col-span-2"}`}
          >
            <h2 id={`block-${entry.block}`} className="text-base font-semibold text-stone-900">
              {t(`blocks.heading.${entry.block}`)}
            </h2>
            <p className="mb-3 text-sm text-stone-600">{t(`blocks.description.${entry.block}`)}</p>
            <ul className={`grid grid-cols-2 gap-3 ${GRID[entry.block]}`}>
              {entry.tiles.map((tile) => (
                <MetricTile
                  key={tile.column}
                  tile={tile}
                  metric={metricOf(report, tile)}
                  change={baseline.changes[tile.column]!}
                  dayBefore={baseline.dayBefore}
                />
              ))}
            </ul>
            {note ? (
              <p data-testid="block-baseline-note" className="mt-3 text-xs text-stone-600">
                {note}
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
