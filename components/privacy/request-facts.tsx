import { useTranslations } from "next-intl";

import { Card } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import { None } from "@/components/ui/none";
import type { Formatter } from "@/lib/core/format";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { RequestStateBadge } from "./request-state-badge";

/**
 * What the request is: its kind, dates, state and outcome; never the guest, whom it knows only by
 * keyed hashes. The outcome is the record kept when the request closed, shown as it was written.
 */
export function RequestFacts({ request, format }: { request: PrivacyRequestView; format: Formatter }) {
  const t = useTranslations("privacy.facts");
  const kinds = useTranslations("privacy.kinds");
  return (
    <Card title={t("title")}>
      <dl
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]"
        data-testid="request-facts"
      >
        <dt className="text-stone-500">{t("kind")}</dt>
        <dd>{kinds(request.kind)}</dd>
        <dt className="text-stone-500">{t("state")}</dt>
        <dd>
          <RequestStateBadge request={request} />
        </dd>
        <dt className="text-stone-500">{t("reference")}</dt>
        <dd className="break-words">{request.reference ?? <None />}</dd>
        <dt className="text-stone-500">{t("recordedBy")}</dt>
        <dd className="break-words">{request.createdByEmail ?? <None />}</dd>
        <dt className="text-stone-500">{t("received")}</dt>
        <dd>
          <time dateTime={request.receivedAt}>{format.utcDate(request.receivedAt)}</time>
        </dd>
        <dt className="text-stone-500">{t("due")}</dt>
        <dd data-testid="request-due">
          <time dateTime={request.dueAt}>{format.utcDate(request.dueAt)}</time>
          {request.overdue ? <span className="ml-2 font-medium text-red-800">{t("overdue")}</span> : null}
        </dd>
        {request.closedAt ? (
          <>
            <dt className="text-stone-500">{t("closed")}</dt>
            <dd>
              {request.closedByEmail ? (
                t.rich("closedBy", { email: request.closedByEmail, at: () => <EventInstant at={request.closedAt!} /> })
              ) : (
                <EventInstant at={request.closedAt} />
              )}
            </dd>
          </>
        ) : null}
        {request.outcome ? (
          <>
            <dt className="text-stone-500">{t("outcome")}</dt>
            <dd className="break-words sm:col-span-3" data-testid="request-outcome">
              {request.outcome}
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
