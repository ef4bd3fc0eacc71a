"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { LazyChart } from "@/components/charts/lazy-chart";
import { Button } from "@/components/ui/button";
import { ScrollTable } from "@/components/ui/scroll-table";
import {
  describeCovered,
  describeGroupCell,
  groupChartRows,
  type GroupTrends,
  type RateMetric,
} from "@/lib/features/comparison/trends";
import { figureFormat } from "@/lib/features/overview/figure-words";
import { useFormat } from "@/lib/features/preferences/hooks";

import { CHART_HEIGHT, RateChooser } from "./trends-view";

/** Days of the day-by-day table on one page: a month. */
export const GROUP_DAYS_PER_PAGE = 31;

/** The lines of a group's chart: the group (`all`: its name), and the chosen property's beside it. */
function seriesOf(group: GroupTrends, all: string) {
  const whole = { id: "group", name: all };
  return group.chosen ? [whole, { id: "chosen", name: group.chosen.label }] : [whole];
}

/** Every day of the range, newest first, a month a page: the charts' figures for anyone who cannot see them. */
function GroupDayTable({ group, rate, rateLabel }: { group: GroupTrends; rate: RateMetric; rateLabel: string }) {
  const t = useTranslations("properties.groupTrends");
  const trendWords = useTranslations("properties.trends");
  const cells = useTranslations("properties.cells");
  const format = useFormat();
  const figures = figureFormat(format, useTranslations("overview.figures"));
  const [page, setPage] = useState(1);
  const days = [...group.days].reverse();
  const pages = Math.max(1, Math.ceil(days.length / GROUP_DAYS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = days.slice((current - 1) * GROUP_DAYS_PER_PAGE, current * GROUP_DAYS_PER_PAGE);
  const chosen = group.chosen?.label;
  const heads = [t("day"), t("properties"), t("scans"), rateLabel];
  if (chosen)
    heads.push(
      t("chosenScans", { property: chosen }),
      t("chosenRate", { property: chosen, rate: rateLabel.toLowerCase() }),
    );
  return (
    <div className="space-y-2">
      {/* Above the table rather than its caption: a caption scrolls sideways with a wide table. */}
      <p className="text-sm font-medium text-stone-800" aria-hidden>
        {t("dayTableHeading")}
      </p>
      <ScrollTable
        label={t("dayTableLabel")}
        minWidth={chosen ? "min-w-[40rem]" : "min-w-[21rem]"}
        testId="group-trend-days"
      >
        <caption className="sr-only">{t("dayTableCaption")}</caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            {heads.map((head, index) => (
              <th
                key={head}
                scope="col"
                className={`border-b border-stone-200 px-3 py-2 font-medium ${index === 0 ? "sticky left-0 z-10 bg-stone-50 text-left" : "text-right"}`}
              >
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {shown.map((day) => (
            <tr
              key={day.day}
              className={`border-b border-stone-100 last:border-0 ${day.stored ? "" : "text-stone-500"}`}
              data-testid="group-trend-day"
              data-day={day.day}
            >
              <th
                scope="row"
                className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-normal whitespace-nowrap"
              >
                <time dateTime={day.day}>{format.dayWithYear(day.day)}</time>
              </th>
              <td className="px-3 py-1.5 text-right whitespace-nowrap" data-column="covered">
                {describeCovered(trendWords, format, day, group.properties)}
              </td>
              <td className="px-3 py-1.5 text-right whitespace-nowrap" data-column="scans">
                {describeGroupCell(cells, figures, day, "scans", "group")}
              </td>
              <td className="px-3 py-1.5 text-right whitespace-nowrap" data-column="rate">
                {describeGroupCell(cells, figures, day, rate, "group")}
              </td>
              {chosen ? (
                <>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap" data-column="chosen-scans">
                    {describeGroupCell(cells, figures, day, "scans", "chosen")}
                  </td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap" data-column="chosen-rate">
                    {describeGroupCell(cells, figures, day, rate, "chosen")}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {pages > 1 ? (
        <nav aria-label={t("dayPagesLabel")} className="flex flex-wrap items-center gap-3 text-sm">
          {current > 1 ? (
            <Button type="button" size="sm" variant="secondary" onClick={() => setPage(current - 1)}>
              <span aria-hidden>{"←"}</span>
              {t("newer")}
            </Button>
          ) : null}
          <span className="text-stone-700" data-testid="group-trend-days-page" aria-live="polite">
            {t("page", { page: current, pages })}
          </span>
          {current < pages ? (
            <Button type="button" size="sm" variant="secondary" onClick={() => setPage(current + 1)}>
              {t("older")}
              <span aria-hidden>→</span>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * The group as one line per chart (and the chosen property's beside it), with the rate of the
 * person's choice, and the same figures day by day: what reads at a glance for a large group.
 */
export function GroupTrendsView({ group }: { group: GroupTrends }) {
  const t = useTranslations("properties.groupTrends");
  const columns = useTranslations("overview.columns");
  const format = useFormat();
  const [rate, setRate] = useState<RateMetric>("manualShare");
  const rateLabel = columns(rate);
  const series = seriesOf(group, t("all", { count: group.properties }));
  const whose = {
    whose: group.chosen ? "chosen" : "group",
    count: group.properties,
    property: group.chosen?.label ?? "",
  };
  return (
    <div className="space-y-5">
      <figure>
        <figcaption className="mb-2 text-sm font-medium text-stone-800">{t("scansCaption", whose)}</figcaption>
        <div aria-hidden>
          <LazyChart
            kind="lines"
            data={groupChartRows(group, "scans", format.shortDay)}
            series={series}
            valueFormat="count"
            height={CHART_HEIGHT}
          />
        </div>
      </figure>
      <div className="space-y-2">
        <RateChooser rate={rate} onChange={setRate} />
        <figure>
          <figcaption className="mb-2 text-sm font-medium text-stone-800" data-testid="rate-caption">
            {t("rateCaption", { ...whose, rate: rateLabel })}
          </figcaption>
          <div aria-hidden>
            <LazyChart
              kind="lines"
              data={groupChartRows(group, rate, format.shortDay)}
              series={series}
              valueFormat={rate === "manualShare" ? "percent" : "rate"}
              height={CHART_HEIGHT}
            />
          </div>
        </figure>
      </div>
      <GroupDayTable group={group} rate={rate} rateLabel={rateLabel} />
    </div>
  );
}
