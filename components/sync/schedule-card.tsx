import { Card } from "@/components/ui/card";
import { UtcInstant } from "@/components/ui/utc-instant";
import type { PullDecision } from "@/lib/features/sync/schedule";

import { describeWait } from "./words";

interface ScheduleFacts {
  scheduler: boolean;
  tickMinutes: number;
  graceMinutes: number;
  retentionDays: number;
  overdueHours: number;
}

function NextPull({ decision, now, scheduler }: { decision: PullDecision; now: Date; scheduler: boolean }) {
  const day = decision.day ? ` of ${decision.day}` : "";
  if (decision.due) {
    return (
      <>
        <p className="font-medium text-stone-900">
          Due now{day}
          {scheduler ? ": the scheduler pulls within five minutes." : "."}
        </p>
        <p className="text-stone-600">{decision.reason}</p>
      </>
    );
  }
  return (
    <>
      <p className="font-medium text-stone-900">
        The pull{day} is due at <UtcInstant at={decision.nextAt} /> ({describeWait(now, decision.nextAt)}).
      </p>
      <p className="text-stone-600">{decision.reason}</p>
    </>
  );
}

export function ScheduleCard({ decision, now, facts }: { decision: PullDecision; now: Date; facts: ScheduleFacts }) {
  return (
    <Card title="Schedule">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-3 [&>dd]:mb-2 sm:[&>dd]:mb-0">
        <dt className="font-medium text-stone-500">Next pull</dt>
        <dd data-testid="sync-next-pull">
          <NextPull decision={decision} now={now} scheduler={facts.scheduler} />
        </dd>
        <dt className="font-medium text-stone-500">Scheduler</dt>
        <dd>
          {facts.scheduler
            ? `On: checks every ${facts.tickMinutes} minutes and pulls when a day is due.`
            : "Off (DAYBOOK_SYNC=off): days are pulled only by “Pull now” or npm run sync."}
        </dd>
        <dt className="font-medium text-stone-500">Grace period</dt>
        <dd>
          {facts.graceMinutes} minutes after the last property&apos;s local midnight, while every property still reports
          the same day.
        </dd>
        <dt className="font-medium text-stone-500">Guest data kept</dt>
        <dd>
          {facts.retentionDays} days under the default privacy policy; a property under a named policy keeps its
          policy&apos;s days, counted in its own zone. Older days keep their figures; their guest arrivals and criminal
          arrivals are removed after a pull and by the daily housekeeping.
        </dd>
        <dt className="font-medium text-stone-500">Review overdue</dt>
        <dd>{facts.overdueHours} hours after a criminal-arrival list is stored without a sign-off.</dd>
      </dl>
    </Card>
  );
}
