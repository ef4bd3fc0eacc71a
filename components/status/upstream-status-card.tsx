import { FailureNotice } from "@/components/reports/failure-notice";
import { UpstreamMessage } from "@/components/reports/report-frame";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SkeletonLines } from "@/components/ui/skeleton";
import { formatCalendarDay, formatInstant } from "@/lib/core/format";
import type { UpstreamStatus } from "@/lib/features/reports/server";
import type { Failure } from "@/lib/features/reports/types";

/** What the usage report says of the key: the properties it reaches (of the person's), or why it did not answer. */
export function UpstreamStatusCard({
  status,
}: {
  status: Extract<UpstreamStatus, { ok: true }> | { ok: false; failure: Failure };
}) {
  if (!status.ok) {
    return (
      <Card title="Partner API">
        <FailureNotice failure={status.failure} what="the Partner API's answer" guidance={false} />
      </Card>
    );
  }
  return (
    <Card title="Partner API">
      <div className="space-y-4">
        {status.message ? <UpstreamMessage message={status.message} /> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone-500">Answer</dt>
          {status.health.state === "closed" ? (
            <dd className="font-medium text-emerald-700" data-testid="upstream-answer">
              Connected — the key was accepted
              {status.readAt ? (
                <span className="font-normal text-stone-500">
                  {" "}
                  (the answer Daybook holds, read at{" "}
                  <time dateTime={status.readAt}>{formatInstant(status.readAt)}</time>)
                </span>
              ) : null}
            </dd>
          ) : (
            <dd className="font-medium text-amber-800" data-testid="upstream-answer">
              The Partner API is unavailable: Daybook stopped calling it after {status.health.consecutiveFailures}{" "}
              failed calls in a row
              {status.health.retryAt ? (
                <>
                  {" "}
                  and tries again at{" "}
                  <time dateTime={status.health.retryAt}>{formatInstant(status.health.retryAt)}</time>
                </>
              ) : null}
              {status.health.lastFailure ? (
                <span className="font-normal">
                  {" "}
                  (last failure {status.health.lastFailure.code}
                  {status.health.lastFailure.correlationId
                    ? `, correlation id ${status.health.lastFailure.correlationId}`
                    : ""}
                  )
                </span>
              ) : null}
              . What Daybook holds is shown meanwhile.
            </dd>
          )}
          <dt className="text-stone-500">Reported local day</dt>
          <dd>
            <time dateTime={status.reportedDateLocal} data-testid="reported-day">
              {formatCalendarDay(status.reportedDateLocal)}
            </time>
            <span className="text-stone-500"> as the API reports it; each property covers its own local yesterday</span>
          </dd>
          {status.reportGeneratedAt ? (
            <>
              <dt className="text-stone-500">Figures generated</dt>
              <dd>
                <time dateTime={status.reportGeneratedAt}>{formatInstant(status.reportGeneratedAt)}</time>
                <span className="text-stone-500">
                  {" "}
                  — read at <time dateTime={status.apiRequestedAt}>{formatInstant(status.apiRequestedAt)}</time>; the
                  API serves a stored copy, so a gap of hours is normal
                </span>
              </dd>
            </>
          ) : null}
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-stone-800">
            {status.narrowed ? "Your properties" : "Properties the key reaches"} ({status.properties.length})
          </h3>
          {status.properties.length === 0 ? (
            <EmptyState title="The key reaches no properties">
              Ask the API operator to grant the key access to your properties.
            </EmptyState>
          ) : (
            <ul data-testid="properties" className="divide-y divide-stone-100 rounded-md border border-stone-200">
              {status.properties.map((property, index) => (
                <li key={`${property.name}-${index}`} className="flex justify-between gap-4 px-3 py-2 text-sm">
                  <span>{property.label}</span>
                  <span className="text-stone-600 tabular-nums">
                    {property.scans === null
                      ? "scans not recorded"
                      : property.scans === 0
                        ? "no arrivals"
                        : `${property.scans} scans`}
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
  return (
    <Card title="Partner API">
      <SkeletonLines lines={5} label="Asking the Partner API…" />
    </Card>
  );
}
