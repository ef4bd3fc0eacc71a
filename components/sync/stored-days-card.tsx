import { Card } from "@/components/ui/card";
import { formatCalendarDay } from "@/lib/core/format";
import type { StoredDaysSummary } from "@/lib/features/history/store";

function Day({ day }: { day: string }) {
  return <time dateTime={day}>{formatCalendarDay(day)}</time>;
}

export function StoredDaysCard({ summary }: { summary: StoredDaysSummary }) {
  return (
    <Card title="Stored days">
      {summary.count === 0 || !summary.first || !summary.last ? (
        <p className="text-sm text-stone-700">
          No day is stored yet. The first pull keeps yesterday; the API itself keeps no history.
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm" data-testid="sync-stored-days">
          <dt className="font-medium text-stone-500">Days stored</dt>
          <dd className="tabular-nums">{summary.count}</dd>
          <dt className="font-medium text-stone-500">First</dt>
          <dd>
            <Day day={summary.first} />
          </dd>
          <dt className="font-medium text-stone-500">Latest</dt>
          <dd>
            <Day day={summary.last} />
          </dd>
          <dt className="font-medium text-stone-500">Guest data removed</dt>
          <dd>
            {summary.purged === 0
              ? "None yet"
              : `${summary.purged} ${summary.purged === 1 ? "day" : "days"} (figures kept)`}
          </dd>
        </dl>
      )}
    </Card>
  );
}
