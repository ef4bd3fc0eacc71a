import { useTranslations } from "next-intl";

import { FailureNotice } from "@/components/reports/failure-notice";
import { UpstreamMessage } from "@/components/reports/report-frame";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SkeletonLines } from "@/components/ui/skeleton";
import type { Formatter } from "@/lib/core/format";
import type { UpstreamStatus } from "@/lib/features/reports/server";
import type { Failure } from "@/lib/features/reports/types";

type Answered = Extract<UpstreamStatus, { ok: true }>;

/** Whether the key was accepted, or why Daybook stopped calling the API for now. */
function Answer({ status, format }: { status: Answered; format: Formatter }) {
  const t = useTranslations("status.upstream");
  const { health } = status;
  if (health.state === "closed")
    return (
      <dd className="font-medium text-emerald-700" data-testid="upstream-answer">
        {t("connected")}
        {status.readAt ? (
          <span className="font-normal text-stone-500">
            {" "}
            {t.rich("held", {
              at: format.event(status.readAt),
              time: (chunks) => <time dateTime={status.readAt ?? undefined}>{chunks}</time>,
            })}
          </span>
        ) : null}
      </dd>
    );
  return (
    <dd className="font-medium text-amber-800" data-testid="upstream-answer">
      {t.rich("unavailable", {
        count: health.consecutiveFailures,
        retry: health.retryAt ? "yes" : "no",
        retryAt: health.retryAt ? format.event(health.retryAt) : "",
        failure: health.lastFailure ? "yes" : "no",
        code: health.lastFailure?.code ?? "",
        correlation: health.lastFailure?.correlationId ? "yes" : "no",
        correlationId: health.lastFailure?.correlationId ?? "",
        time: (chunks) => <time dateTime={health.retryAt ?? undefined}>{chunks}</time>,
        light: (chunks) => <span className="font-normal">{chunks}</span>,
      })}
    </dd>
  );
}

/**
 * What the usage report says of the key: the properties it reaches (of the person's), or why it
 * did not answer. `format`: the person's (lib/features/preferences/server.ts `getFormat`).
 */
export function UpstreamStatusCard({
  status,
  format,
}: {
  status: Answered | { ok: false; failure: Failure };
  format: Formatter;
}) {
  const t = useTranslations("status.upstream");
  if (!status.ok) {
    return (
      <Card title={t("title")}>
        <FailureNotice failure={status.failure} what={t("failureWhat")} guidance={false} />
      </Card>
    );
  }
  return (
    <Card title={t("title")}>
      <div className="space-y-4">
        {status.message ? <UpstreamMessage message={status.message} /> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone-500">{t("answer")}</dt>
          <Answer status={status} format={format} />
          <dt className="text-stone-500">{t("reportedDay")}</dt>
          <dd>
            <time dateTime={status.reportedDateLocal} data-testid="reported-day">
              {format.calendarDay(status.reportedDateLocal)}
            </time>
            <span className="text-stone-500"> {t("asReported")}</span>
          </dd>
          {status.reportGeneratedAt ? (
            <>
              <dt className="text-stone-500">{t("generated")}</dt>
              <dd>
                <time dateTime={status.reportGeneratedAt}>{format.event(status.reportGeneratedAt)}</time>
                <span className="text-stone-500">
                  {" "}
                  {t.rich("readAt", {
                    at: format.event(status.apiRequestedAt),
                    time: (chunks) => <time dateTime={status.apiRequestedAt}>{chunks}</time>,
                  })}
                </span>
              </dd>
            </>
          ) : null}
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-stone-800">
            {t("properties", { scope: status.narrowed ? "narrowed" : "all", count: status.properties.length })}
          </h3>
          {status.properties.length === 0 ? (
            <EmptyState title={t("noProperties.title")}>{t("noProperties.body")}</EmptyState>
          ) : (
            <ul data-testid="properties" className="divide-y divide-stone-100 rounded-md border border-stone-200">
              {status.properties.map((property, index) => (
                <li key={`${property.name}-${index}`} className="flex justify-between gap-4 px-3 py-2 text-sm">
                  <span>{property.label}</span>
                  <span className="text-stone-600 tabular-nums">
                    {property.scans === null
                      ? t("scansNotRecorded")
                      : property.scans === 0
                        ? t("noArrivals")
                        : t("scans", { count: property.scans })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

export function UpstreamStatusSkeleton() {
  const t = useTranslations("status.upstream");
  return (
    <Card title={t("title")}>
      <SkeletonLines lines={5} label={t("asking")} />
    </Card>
  );
}
