import { describeBaselineSource, type SideBySide } from "@/lib/features/comparison/side-by-side";
import { formatValue } from "@/lib/features/overview/figures";

const TONE = { api: "text-stone-800", daybook: "text-sky-900", none: "text-stone-600" } as const;

/** The group's headline figures with their change: the API's where it gives one, else Daybook's, labelled so. */
export function HeadlineChanges({ data }: { data: SideBySide }) {
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
              <p
                className={
                  headline.value === null
                    ? "mt-1 text-lg text-stone-600 italic"
                    : "mt-1 text-2xl font-semibold text-stone-900 tabular-nums"
                }
              >
                {formatValue(headline.value)}
                {headline.value === null ? <span className="sr-only"> for that day (not zero)</span> : null}
              </p>
              <p className={`mt-1 text-sm ${TONE[headline.change.source]}`} data-testid="headline-change">
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
