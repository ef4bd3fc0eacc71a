import { FailureNotice } from "@/components/reports/failure-notice";
import { Notice } from "@/components/ui/notice";
import { formatCalendarDay } from "@/lib/core/format";
import type { ConnectionTestResult } from "@/lib/features/admin/api-key";

export function ConnectionTestOutcome({ test }: { test: ConnectionTestResult }) {
  if (test.outcome === "failure") {
    return (
      <div className="space-y-2" data-testid="connection-test-failure">
        <FailureNotice failure={test.failure} what="the connection test" guidance={false} />
        <p className="text-sm text-stone-700">Tested with the key ending {test.keyLast4}.</p>
      </div>
    );
  }
  return (
    <div data-testid="connection-test-success">
      <Notice tone="info" title="Connected: the Partner API accepted the key">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Properties reached</dt>
          <dd className="tabular-nums">{test.propertyCount}</dd>
          <dt className="font-medium">Reported local day</dt>
          <dd>
            <time dateTime={test.reportedDateLocal}>{formatCalendarDay(test.reportedDateLocal)}</time>
          </dd>
          <dt className="font-medium">Key</dt>
          <dd>ending {test.keyLast4}</dd>
        </dl>
      </Notice>
    </div>
  );
}
