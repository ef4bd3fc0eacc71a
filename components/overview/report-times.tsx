import { useTranslations } from "next-intl";

import type { WithCopy } from "@/lib/features/history/types";
import { describeGapIn } from "@/lib/features/overview/figure-words";
import { provenanceLine } from "@/lib/features/overview/provenance";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

/**
 * Where the figures come from in one line; which day, when generated and when asked behind a
 * disclosure. Part of the Overview's client report.
 */
export function ReportTimes({ report }: { report: WithCopy<ScopedUsageReport> }) {
  const t = useTranslations("overview.times");
  const gapWords = useTranslations("overview.gap");
  const provenance = useTranslations("overview.provenance");
  const format = useFormat();
  const generatedAt = report.reportGeneratedAt;
  const gap = generatedAt ? describeGapIn(gapWords, generatedAt, report.apiRequestedAt) : "";
  return (
    <details className="group text-sm" data-testid="report-times">
      <summary className="cursor-pointer text-stone-700" data-testid="provenance">
        {provenanceLine(provenance, format, report)}
      </summary>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-600">{t("reportedDay")}</dt>
        <dd>
          <time dateTime={report.reportedDateLocal} data-testid="reported-day" className="font-medium">
            {format.calendarDay(report.reportedDateLocal)}
          </time>
          <span className="text-stone-600"> {t("localYesterday")}</span>
        </dd>
        {generatedAt ? (
          <>
            <dt className="text-stone-600">{t("generated")}</dt>
            <dd>
              <time dateTime={generatedAt} data-testid="generated-at">
                {format.event(generatedAt)}
              </time>
            </dd>
          </>
        ) : null}
        <dt className="text-stone-600">{t("requested")}</dt>
        <dd>
          <time dateTime={report.apiRequestedAt} data-testid="requested-at">
            {format.event(report.apiRequestedAt)}
          </time>
          {gap ? <span className="text-stone-600"> ({gap})</span> : null}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-stone-600">{t("storedCopy")}</p>
    </details>
  );
}
