import Link from "next/link";

import { ExportButton } from "@/components/reports/export-button";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PropertyInstant } from "@/components/ui/utc-instant";
import { formatCalendarDay } from "@/lib/core/format";
import { listProperty } from "@/lib/features/review/list";
import type { QueueRow } from "@/lib/features/review/types";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function queueHref(row: Pick<QueueRow, "day" | "propertyName" | "zone">): string {
  // A filter on a shared name is refused, as the API refuses it: such a list opens with the whole day.
  const params = new URLSearchParams({ day: row.day });
  if (!row.zone) params.set("property", row.propertyName);
  return `/criminal-arrivals?${params}`;
}

function waitingText(row: QueueRow, overdueHours: number): string {
  const waited = row.hoursWaiting < 1 ? "less than an hour" : plural(row.hoursWaiting, "hour", "hours");
  return row.overdue
    ? `Overdue: waiting ${waited}, more than ${plural(overdueHours, "hour", "hours")}`
    : `Waiting ${waited}`;
}

/** The criminal-arrival lists waiting for a sign-off, oldest day first; overdue ones say so in words and colour. */
export function ReviewQueue({ rows, overdueHours }: { rows: readonly QueueRow[]; overdueHours: number }) {
  if (rows.length === 0) {
    return (
      <EmptyState title="Every list is signed off">
        No stored criminal-arrival list of your properties is waiting for a sign-off. Yesterday&apos;s lists join this
        queue once Daybook has stored them.
      </EmptyState>
    );
  }
  const overdue = rows.filter((row) => row.overdue).length;
  return (
    <section aria-labelledby="review-queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-queue-heading" className="text-lg font-semibold text-stone-900" data-testid="queue-summary">
          {plural(rows.length, "list", "lists")} waiting for a sign-off{overdue > 0 ? `, ${overdue} overdue` : ""}
        </h2>
        <ExportButton table="review-queue" what="the review queue" params={{}} />
      </div>
      <ol className="space-y-2" data-testid="review-queue">
        {rows.map((row) => {
          const open = row.items - row.reviewed;
          return (
            <li
              key={`${row.propertyName}|${row.zone ?? ""}|${row.day}`}
              data-testid="queue-row"
              data-overdue={row.overdue}
              className={`p-4 ${cardClass} ${row.overdue ? "border-l-4 border-l-red-500" : ""}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-semibold break-words text-stone-900">
                  <Link href={queueHref(row)} className={buttonClass("link")}>
                    {listProperty(row)} · <time dateTime={row.day}>{formatCalendarDay(row.day)}</time>
                  </Link>
                </h3>
                <Badge tone={row.overdue ? "danger" : "neutral"}>{row.overdue ? "Overdue" : "Waiting"}</Badge>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
                <dt className="text-stone-500">Criminal arrivals</dt>
                <dd data-testid="queue-items">{row.items.toLocaleString("en-US")}</dd>
                <dt className="text-stone-500">Reviewed in Daybook</dt>
                <dd data-testid="queue-reviewed">
                  {row.reviewed.toLocaleString("en-US")} of {row.items.toLocaleString("en-US")}
                  {open > 0 ? <span className="text-stone-600"> ({open.toLocaleString("en-US")} to go)</span> : null}
                </dd>
                <dt className="text-stone-500">Not acknowledged at the desk</dt>
                <dd data-testid="queue-not-acknowledged">{row.notAcknowledged.toLocaleString("en-US")}</dd>
                <dt className="text-stone-500">Stored</dt>
                <dd data-testid="queue-stored">
                  <PropertyInstant at={row.storedAt} zone={row.localZone} />
                </dd>
              </dl>
              <p
                className={`mt-2 text-sm ${row.overdue ? "font-medium text-red-800" : "text-stone-600"}`}
                data-testid="queue-waiting"
              >
                {waitingText(row, overdueHours)}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
