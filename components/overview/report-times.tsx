import { formatCalendarDay, formatInstant } from "@/lib/core/format";
import type { WithCopy } from "@/lib/features/history/types";
import { describeGap } from "@/lib/features/overview/figures";
import { provenanceLine } from "@/lib/features/overview/provenance";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

/** Where the figures come from in one line; which day, when generated and when asked behind a disclosure. */
export function ReportTimes({ report }: { report: WithCopy<ScopedUsageReport> }) {
  const generatedAt = report.reportGeneratedAt;
  const gap = generatedAt ? describeGap(generatedAt, report.apiRequestedAt) : "";
  return (
    <details className="group text-sm" data-testid="report-times">
      <summary className="cursor-pointer text-stone-700" data-testid="provenance">
        {provenanceLine(report)}
      </summary>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-600">Reported day</dt>
        <dd>
          <time dateTime={report.reportedDateLocal} data-testid="reported-day" className="font-medium">
            {formatCalendarDay(report.reportedDateLocal)}
          </time>
          <span className="text-stone-600"> — each property&apos;s own local yesterday</span>
        </dd>
        {generatedAt ? (
          <>
            <dt className="text-stone-600">Figures generated</dt>
            <dd>
              <time dateTime={generatedAt} data-testid="generated-at">
                {formatInstant(generatedAt)}
              </time>
            </dd>
          </>
        ) : null}
        <dt className="text-stone-600">Requested</dt>
        <dd>
          <time dateTime={report.apiRequestedAt} data-testid="requested-at">
            {formatInstant(report.apiRequestedAt)}
          </time>
          {gap ? <span className="text-stone-600"> ({gap})</span> : null}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        The API calculates a day&apos;s figures once, shortly after the day closes, and serves that stored copy: a gap
        of hours between generated and requested is normal, and a refresh gives the same figures until the next day is
        reported.
      </p>
    </details>
  );
}
