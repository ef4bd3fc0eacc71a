import { FigureValue } from "@/components/reports/property-figure-cells";
import { UpstreamMessage } from "@/components/reports/report-frame";
import type { DayParam } from "@/lib/core/days";
import { formatCalendarDay, formatInstant } from "@/lib/core/format";
import { describeBaselineSource, type SideBySide } from "@/lib/features/comparison/side-by-side";
import type { DayBaselines } from "@/lib/features/insights/unusual";
import type { Loaded } from "@/lib/features/reports/types";

import { LoadedSection } from "./section";
import { SideBySideTable } from "./side-by-side-table";

/** Which day the figures are for, and whether they are live from the API or Daybook's stored copy. */
function ReportSource({ data }: { data: SideBySide }) {
  const day = (
    <time dateTime={data.reportedDate} data-testid="compared-day" className="font-medium text-stone-800">
      {formatCalendarDay(data.reportedDate)}
    </time>
  );
  return data.storedCopy ? (
    <p data-testid="report-source">
      Daybook&apos;s stored copy of {day}, pulled {formatInstant(data.storedCopy.pulledAt)}.
    </p>
  ) : (
    <p data-testid="report-source">
      Live from the Partner API: {day}, each property&apos;s own local yesterday
      {data.generatedAt ? <> (figures generated {formatInstant(data.generatedAt)})</> : null}.
    </p>
  );
}

const CHANGE_TONE = { api: "text-stone-800", daybook: "text-sky-900", none: "text-stone-600" } as const;

/** The group's headline figures with their change: the API's where it gives one, else Daybook's, labelled so. */
function HeadlineChanges({ data }: { data: SideBySide }) {
  return (
    <div className="space-y-2">
      <dl className="grid gap-3 sm:grid-cols-2">
        {data.headlines.map((headline) => (
          <div
            key={headline.label}
            className="rounded-md border border-stone-200 bg-stone-50 p-3"
            data-testid="headline"
          >
            <dt className="text-sm font-medium text-stone-800">
              {headline.label}, {data.narrowed ? "your properties" : "all properties"}
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
                {headline.change.words}
              </p>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-stone-600" data-testid="baseline-explanation">
        {describeBaselineSource(data)}
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
  baselines = null,
}: {
  loaded: Loaded<SideBySide>;
  day: DayParam;
  isAdmin: boolean;
  canExport: boolean;
  /** The usual ranges of the compared day, for marking unusual rates. */
  baselines?: DayBaselines | null;
}) {
  return (
    <LoadedSection
      id="side-by-side"
      title={day.kind === "day" ? "The chosen day side by side" : "Yesterday side by side"}
      what={day.kind === "live" ? "yesterday's usage summary" : "that day"}
      loaded={loaded}
      isAdmin={isAdmin}
      description={(data) => <ReportSource data={data} />}
    >
      {(data) => (
        <>
          {data.message !== null ? (
            <div className="mb-4">
              <UpstreamMessage message={data.message} />
            </div>
          ) : null}
          {data.rows.length === 0 ? (
            <p className="text-sm text-stone-700">
              There are no properties to compare: none of yours is in this report.
            </p>
          ) : (
            <div className="space-y-4">
              <HeadlineChanges data={data} />
              <SideBySideTable data={data} canExport={canExport} baselines={baselines} />
            </div>
          )}
        </>
      )}
    </LoadedSection>
  );
}
