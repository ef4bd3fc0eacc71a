"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { LazyChart } from "@/components/charts/lazy-chart";
import { RowNotes } from "@/components/reports/property-figure-cells";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { sharedRowsText } from "@/components/ui/shared-rows";
import { chartRows, RATE_METRICS, type RateMetric, type Trends } from "@/lib/features/comparison/trends";
import { unrecordedNoteIn } from "@/lib/features/overview/figure-words";
import { useFormat } from "@/lib/features/preferences/hooks";

import { TrendDayTable, TrendRangeLine, TrendSummaryTable } from "./trend-tables";

export const CHART_HEIGHT = 280;

/** Which rate the second chart and its day-by-day table show. */
export function RateChooser({ rate, onChange }: { rate: RateMetric; onChange: (rate: RateMetric) => void }) {
  const t = useTranslations("properties.trends");
  const columns = useTranslations("overview.columns");
  const chooserName = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{t("rateChooser")}</legend>
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
            {columns(entry.metric)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Two charts (scans, and the chosen rate) with the same figures as tables beside them. */
export function TrendsView({ trends, endsOnChosenDay }: { trends: Trends; endsOnChosenDay: boolean }) {
  const t = useTranslations("properties.trends");
  const columns = useTranslations("overview.columns");
  const overview = useTranslations("overview");
  const common = useTranslations("common");
  const format = useFormat();
  const [rate, setRate] = useState<RateMetric>("manualShare");
  const rateLabel = columns(rate);

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-600">
        <TrendRangeLine trends={trends} endsOnChosenDay={endsOnChosenDay} format={format} />
      </p>

      {trends.storedDays === 0 || trends.series.length === 0 ? (
        <EmptyState title={t("noStoredDays.title")}>{t("noStoredDays.body")}</EmptyState>
      ) : (
        <>
          <figure>
            <figcaption className="mb-2 text-sm font-medium text-stone-800">{t("scansCaption")}</figcaption>
            <div aria-hidden>
              <LazyChart
                kind="lines"
                data={chartRows(trends, "scans", format.shortDay)}
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
                {t("rateCaption", { rate: rateLabel })}
              </figcaption>
              <div aria-hidden>
                <LazyChart
                  kind="lines"
                  data={chartRows(trends, rate, format.shortDay)}
                  series={trends.series.map((s) => ({ id: s.id, name: s.label }))}
                  valueFormat={rate === "manualShare" ? "percent" : "rate"}
                  height={CHART_HEIGHT}
                />
              </div>
            </figure>
          </div>

          <TrendSummaryTable trends={trends} format={format} />
          <div className="space-y-2">
            <TrendDayTable trends={trends} metric="scans" title={t("scansDays")} format={format} />
            <TrendDayTable trends={trends} metric={rate} title={t("rateDays", { rate: rateLabel })} format={format} />
          </div>
          <div className="space-y-1 text-xs text-stone-600">
            <RowNotes
              notes={[unrecordedNoteIn(overview, trends.unrecorded), sharedRowsText(common, trends.sharedNote)]}
            />
          </div>
        </>
      )}
    </div>
  );
}
