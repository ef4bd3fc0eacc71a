import { useTranslations } from "next-intl";

import { FigureValue } from "@/components/reports/property-figure-cells";
import { UpstreamMessage } from "@/components/reports/report-frame";
import type { DayParam } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import { describeHeadlineChange } from "@/lib/features/comparison/baseline";
import { describeBaselineSource, type SideBySide } from "@/lib/features/comparison/side-by-side";
import type { DayBaselines } from "@/lib/features/insights/unusual";
import type { Loaded } from "@/lib/features/reports/types";

import { LoadedSection } from "./section";
import { SideBySideTable } from "./side-by-side-table";

/** Which day the figures are for, and whether they are live from the API or Daybook's stored copy. */
function ReportSource({ data, format }: { data: SideBySide; format: Formatter }) {
  const t = useTranslations("properties.sideBySide");
  const day = () => (
    <time dateTime={data.reportedDate} data-testid="compared-day" className="font-medium text-stone-800">
      {format.calendarDay(data.reportedDate)}
    </time>
  );
  return data.storedCopy ? (
    <p data-testid="report-source">{t.rich("storedCopy", { day, pulled: format.event(data.storedCopy.pulledAt) })}</p>
  ) : (
    <p data-testid="report-source">
      {t.rich("live", {
        day,
        generated: data.generatedAt ? "yes" : "no",
        at: data.generatedAt ? format.event(data.generatedAt) : "",
      })}
    </p>
  );
}

const CHANGE_TONE = { api: "text-stone-800", daybook: "text-sky-900", none: "text-stone-600" } as const;

/** The group's headline figures with their change: the API's where it gives one, else Daybook's, labelled so. */
function HeadlineChanges({ data, format }: { data: SideBySide; format: Formatter }) {
  const t = useTranslations("properties.sideBySide");
  const change = useTranslations("properties.change");
  const overview = useTranslations("overview");
  const apiChange = useTranslations("overview.change");
  const reason = useTranslations("overview.reason");
  const source = useTranslations("properties.baselineSource");
  return (
    <div className="space-y-2">
      <dl className="grid gap-3 sm:grid-cols-2">
        {data.headlines.map((headline) => (
          <div
            key={headline.column}
            className="rounded-md border border-stone-200 bg-stone-50 p-3"
            data-testid="headline"
          >
            <dt className="text-sm font-medium text-stone-800">
              {t("headline", {
                label: overview(`tiles.label.${headline.column}`),
                scope: data.narrowed ? "narrowed" : "all",
              })}
            </dt>
            <dd>
              <FigureValue
                value={headline.value}
                className={{
                  notRecorded: "mt-1 text-lg text-stone-600 italic",
                  recorded: "mt-1 text-2xl font-semibold text-stone-900 tabular-nums",
                }}
              />
              <p className={`mt-1 text-sm ${CHANGE_TONE[headline.change.source]}`} data-testid="headline-change">
                {describeHeadlineChange(change, apiChange, format, headline.change)}
              </p>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-stone-600" data-testid="baseline-explanation">
        {describeBaselineSource(source, reason, format, data)}
      </p>
    </div>
  );
}

/** Yesterday live (or the chosen stored day), property by property, against the stored day before. */
export function SideBySideSection({
  loaded,
  day,
  isAdmin,
  canExport,
  format,
  baselines = null,
}: {
  loaded: Loaded<SideBySide>;
  day: DayParam;
  isAdmin: boolean;
  canExport: boolean;
  format: Formatter;
  /** The usual ranges of the compared day, for marking unusual rates. */
  baselines?: DayBaselines | null;
}) {
  const t = useTranslations("properties.sideBySide");
  return (
    <LoadedSection
      id="side-by-side"
      title={day.kind === "day" ? t("titleDay") : t("titleYesterday")}
      what={day.kind === "live" ? t("whatLive") : t("whatDay")}
      loaded={loaded}
      isAdmin={isAdmin}
      description={(data) => <ReportSource data={data} format={format} />}
    >
      {(data) => (
        <>
          {data.message !== null ? (
            <div className="mb-4">
              <UpstreamMessage message={data.message} />
            </div>
          ) : null}
          {data.rows.length === 0 ? (
            <p className="text-sm text-stone-700">{t("none")}</p>
          ) : (
            <div className="space-y-4">
              <HeadlineChanges data={data} format={format} />
              <SideBySideTable data={data} canExport={canExport} baselines={baselines} />
            </div>
          )}
        </>
      )}
    </LoadedSection>
  );
}
