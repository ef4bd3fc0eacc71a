import { FigureValue } from "@/components/reports/property-figure-cells";
import { describeChange, type Block, type ChangeDirection, type TileSpec } from "@/lib/features/overview/figures";
import type { Metric } from "@/lib/features/reports/types";

/** Colour repeats the words: more activity is neutral-good, more alerts or warnings is a concern. */
const TONE: Record<Block, Record<ChangeDirection, string>> = {
  totals: { up: "text-emerald-800", down: "text-amber-800", same: "text-stone-700", none: "text-stone-600" },
  alerts: { up: "text-red-800", down: "text-emerald-800", same: "text-stone-700", none: "text-stone-600" },
  warnings: { up: "text-amber-800", down: "text-emerald-800", same: "text-stone-700", none: "text-stone-600" },
};

const ARROW: Record<ChangeDirection, string> = { up: "▲", down: "▼", same: "＝", none: "–" };

export function MetricTile({
  tile,
  metric,
  baselineReason,
}: {
  tile: TileSpec;
  metric: Metric;
  baselineReason: string;
}) {
  const change = describeChange(metric.changePercent);
  const id = `tile-${tile.block}-${tile.column}`;
  return (
    <li data-testid={id} className="flex min-w-0 flex-col rounded-md border border-stone-200 bg-white p-3 sm:p-4">
      <h3 className="text-sm font-medium text-stone-800">{tile.label}</h3>
      <p className="text-xs text-stone-600">{tile.hint}</p>
      <FigureValue
        value={metric.value}
        testId="tile-value"
        className={{
          notRecorded: "mt-2 text-lg font-medium text-stone-600 italic",
          recorded: "mt-2 text-3xl font-semibold tracking-tight text-stone-900 tabular-nums",
        }}
      />
      <p data-testid="tile-change" className={`mt-1 text-sm tabular-nums ${TONE[tile.block][change.direction]}`}>
        <span aria-hidden className="mr-1 inline-block w-3 text-center">
          {ARROW[change.direction]}
        </span>
        {change.words}
      </p>
      {change.direction === "none" ? (
        <p data-testid="tile-baseline-reason" className="mt-0.5 text-xs text-stone-600">
          {capitalise(baselineReason)}
        </p>
      ) : null}
    </li>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
