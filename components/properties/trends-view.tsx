"use client";

import { useId, useState } from "react";

import { LazyChart } from "@/components/charts/lazy-chart";
import { RowNotes } from "@/components/reports/property-figure-cells";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { chartRows, RATE_METRICS, type RateMetric, type Trends } from "@/lib/features/comparison/trends";

import { TrendDayTable, TrendRangeLine, TrendSummaryTable } from "./trend-tables";

export const CHART_HEIGHT = 280;

/** Which rate the second chart and its day-by-day table show. */
export function RateChooser({ rate, onChange }: { rate: RateMetric; onChange: (rate: RateMetric) => void }) {
  const chooserName = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">Rate shown in the second chart</legend>
      <div className="mt-1 flex flex-wrap gap-2" data-testid="rate-chooser">
        {RATE_METRICS.map((entry) => (
          <label
            key={entry.metric}
            className={`${buttonClass("secondary", "sm")} cursor-pointer has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600`}
          >
            <input
              type="radio"
              name={chooserName}
              value={entry.metric}
              checked={rate === entry.metric}
              onChange={() => onChange(entry.metric)}
              className="accent-brand-600"
            />
            {entry.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Two charts (scans, and the chosen rate) with the same figures as tables beside them. */
export function TrendsView({ trends, endsOnChosenDay }: { trends: Trends; endsOnChosenDay: boolean }) {
  const [rate, setRate] = useState<RateMetric>("manualShare");
  const rateLabel = RATE_METRICS.find((entry) => entry.metric === rate)!.label;

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-600">
        <TrendRangeLine trends={trends} endsOnChosenDay={endsOnChosenDay} />
      </p>

      {trends.storedDays === 0 || trends.series.length === 0 ? (
        <EmptyState title="No stored days in this range">
          Choose a longer range, or a later day; Daybook stores each day after the properties&apos; day closes.
        </EmptyState>
      ) : (
        <>
          <figure>
            <figcaption className="mb-2 text-sm font-medium text-stone-800">Scans per day, by property</figcaption>
            <div aria-hidden>
              <LazyChart
                kind="lines"
                data={chartRows(trends, "scans")}
                series={trends.series.map((s) => ({ id: s.id, name: s.label }))}
                valueFormat="count"
                height={CHART_HEIGHT}
              />
            </div>
          </figure>

          <div className="space-y-2">
            <RateChooser rate={rate} onChange={setRate} />
            <figure>
              <figcaption className="mb-2 text-sm font-medium text-stone-800" data-testid="rate-caption">
                {rateLabel} per day, by property
              </figcaption>
              <div aria-hidden>
                <LazyChart
                  kind="lines"
                  data={chartRows(trends, rate)}
                  series={trends.series.map((s) => ({ id: s.id, name: s.label }))}
                  valueFormat={rate === "manualShare" ? "percent" : "rate"}
                  height={CHART_HEIGHT}
                />
              </div>
            </figure>
          </div>

          <TrendSummaryTable trends={trends} />
          <div className="space-y-2">
            <TrendDayTable trends={trends} metric="scans" title="Scans day by day" />
            <TrendDayTable trends={trends} metric={rate} title={`${rateLabel} day by day`} />
          </div>
          <div className="space-y-1 text-xs text-stone-600">
            <RowNotes notes={[trends.unrecordedNote, trends.sharedNote]} />
          </div>
        </>
      )}
    </div>
  );
}
