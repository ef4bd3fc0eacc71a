import { Card } from "@/components/ui/card";
import { UtcInstant } from "@/components/ui/utc-instant";
import type { HousekeepingRun } from "@/lib/features/sync/types";

/** The latest daily housekeeping: when it ran and what it removed, in counts. */
export function HousekeepingCard({
  run,
  auditRetentionDays,
}: {
  run: HousekeepingRun | null;
  auditRetentionDays: number;
}) {
  return (
    <Card title="Housekeeping">
      <p className="mb-3 text-sm text-stone-700">
        Once a day, whether pulls run or not: old guest data, ended sessions, old sign-in throttle rows, and audit
        entries older than {auditRetentionDays} days.
      </p>
      {run ? (
        <div className="space-y-1 text-sm" data-testid="housekeeping">
          <p className="font-medium text-stone-900">
            {run.outcome === "done" ? "Last ran" : "Last attempt failed"} <UtcInstant at={run.ranAt} />
          </p>
          <p className="text-stone-700">{run.message}</p>
        </div>
      ) : (
        <p className="text-sm text-stone-700">Not run yet: the first run starts shortly after Daybook starts.</p>
      )}
    </Card>
  );
}
