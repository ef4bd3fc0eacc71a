import { formatCalendarDay, formatInstant } from "@/lib/core/format";
import { describeGap } from "@/lib/features/overview/figures";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

/** Which day the figures are for, when they were generated and when Daybook asked. */
export function ReportTimes({ report }: { report: ScopedUsageReport }) {
  const generatedAt = report.reportGeneratedAt;
  const gap = generatedAt ? describeGap(generatedAt, report.apiRequestedAt) : "";
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
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
      <p className="text-xs text-stone-600">
        The API calculates a day&apos;s figures once, shortly after the day closes, and serves that stored copy: a gap
        of hours between generated and requested is normal, and a refresh gives the same figures until the next day is
        reported.
      </p>
    </div>
  );
}
