import { Card } from "@/components/ui/card";
import { None } from "@/components/ui/none";
import { UtcInstant } from "@/components/ui/utc-instant";
import { REQUEST_KIND_LABELS } from "@/lib/core/privacy";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { RequestStateBadge } from "./request-state-badge";
import { requestDay } from "./request-words";

/** What the request is: its kind, dates, state and outcome; never the guest, whom it knows only by keyed hashes. */
export function RequestFacts({ request }: { request: PrivacyRequestView }) {
  return (
    <Card title="The request">
      <dl
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]"
        data-testid="request-facts"
      >
        <dt className="text-stone-500">Kind</dt>
        <dd>{REQUEST_KIND_LABELS[request.kind]}</dd>
        <dt className="text-stone-500">State</dt>
        <dd>
          <RequestStateBadge request={request} />
        </dd>
        <dt className="text-stone-500">Reference</dt>
        <dd className="break-words">{request.reference ?? <None />}</dd>
        <dt className="text-stone-500">Recorded by</dt>
        <dd className="break-words">{request.createdByEmail ?? <None />}</dd>
        <dt className="text-stone-500">Received</dt>
        <dd>
          <time dateTime={request.receivedAt}>{requestDay(request.receivedAt)}</time>
        </dd>
        <dt className="text-stone-500">Due</dt>
        <dd data-testid="request-due">
          <time dateTime={request.dueAt}>{requestDay(request.dueAt)}</time>
          {request.overdue ? <span className="ml-2 font-medium text-red-800">Overdue: past its due date</span> : null}
        </dd>
        {request.closedAt ? (
          <>
            <dt className="text-stone-500">Closed</dt>
            <dd>
              <UtcInstant at={request.closedAt} />
              {request.closedByEmail ? ` by ${request.closedByEmail}` : ""}
            </dd>
          </>
        ) : null}
        {request.outcome ? (
          <>
            <dt className="text-stone-500">Outcome</dt>
            <dd className="break-words sm:col-span-3" data-testid="request-outcome">
              {request.outcome}
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
