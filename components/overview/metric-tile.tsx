import { useTranslations } from "next-intl";

import { FigureValue } from "@/components/reports/property-figure-cells";
import { describeTileChange, type TileChange } from "@/lib/features/overview/baseline";
import type { Block, ChangeDirection, TileSpec } from "@/lib/features/overview/figures";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { Metric } from "@/lib/features/reports/types";

/** Colour repeats the words: more activity is neutral-good, more alerts or warnings is a concern. */
const TONE: Record<Block, Record<ChangeDirection, string>> = {
  totals: { up: "text-emerald-800", down: "text-amber-800", same: "text-stone-700", none: "text-stone-600" },
  alerts: { up: "text-red-800", down: "text-emerald-800", same: "text-stone-700", none: "text-stone-600" },
  warnings: { up: "text-amber-800", down: "text-emerald-800", same: "text-stone-700", none: "text-stone-600" },
};

const ARROW: Record<ChangeDirection, string> = { up: "▲", down: "▼", same: "=", none: "–" };

/**
 * One figure of the Overview's client report. Who computed its change shows on hover; the words say
 * it too ("vs Mon 23 Nov, stored"), so it never passes for the API's.
 */
export function MetricTile({
  tile,
  metric,
  change,
  dayBefore,
}: {
  tile: TileSpec;
  metric: Metric;
  change: TileChange;
  /** The day a change of Daybook's compares with. */
  dayBefore: string;
}) {
  const t = useTranslations("overview");
  const format = useFormat();
  const id = `tile-${tile.block}-${tile.column}`;
  return (
    <li data-testid={id} className="flex min-w-0 flex-col rounded-md border border-stone-200 bg-white p-3 sm:p-4">
      <h3 className="text-sm font-medium text-stone-800">{t(`tiles.label.${tile.column}`)}</h3>
      <p className="text-xs text-stone-600">{t(`tiles.hint.${tile.column}`)}</p>
      <FigureValue
        value={metric.value}
        testId="tile-value"
        className={{
          notRecorded: "mt-2 text-lg font-medium text-stone-600 italic",
          recorded: "mt-2 text-3xl font-semibold tracking-tight text-stone-900 tabular-nums",
        }}
      />
      <p
        data-testid="tile-change"
        data-source={change.source}
        title={t(`change.source.${change.source}`)}
        className={`mt-1 text-sm tabular-nums ${TONE[tile.block][change.direction]}`}
      >
        <span aria-hidden className="mr-1 inline-block w-3 text-center">
          {ARROW[change.direction]}
        </span>
        {describeTileChange(t, format, change, dayBefore)}
      </p>
    </li>
  );
}
