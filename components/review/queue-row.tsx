import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { PropertyInstant } from "@/components/ui/instants";
import { Link } from "@/components/ui/link";
import type { Formatter } from "@/lib/core/format";
import { listProperty } from "@/lib/features/review/list";
import { outcomesText } from "@/lib/features/review/outcomes";
import type { QueueRow } from "@/lib/features/review/types";
import { waitingText } from "@/lib/features/review/waiting";

/** Where a list opens: the criminal arrivals of its day, narrowed to its property where the API can. */
export function listHref(row: Pick<QueueRow, "day" | "propertyName" | "zone">): string {
  // A filter on a shared name is refused, as the API refuses it: such a list opens with the whole day.
  const params = new URLSearchParams({ day: row.day });
  if (!row.zone) params.set("property", row.propertyName);
  return `/criminal-arrivals?${params}`;
}

/** One list waiting for a sign-off; an overdue one says so in words and colour. `format`: the person's. */
export function QueueRowCard({
  row,
  overdueHours,
  format,
}: {
  row: QueueRow;
  overdueHours: number;
  format: Formatter;
}) {
  const t = useTranslations("review.row");
  const review = useTranslations("review");
  const open = row.items - row.reviewed;
  return (
    <li
      data-testid="queue-row"
      data-overdue={row.overdue}
      className={`p-4 ${cardClass} ${row.overdue ? "border-l-4 border-l-red-500" : ""}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-stone-900">
          <Link href={listHref(row)} className={buttonClass("link")}>
            {listProperty(row, review)} · <time dateTime={row.day}>{format.calendarDay(row.day)}</time>
          </Link>
        </h3>
        <Badge tone={row.overdue ? "danger" : "neutral"}>{row.overdue ? t("overdue") : t("waiting")}</Badge>
      </div>
      {/* A zone named by its place ("Pacific/Honolulu") may break anywhere rather than widen a phone's page. */}
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] [&_dd]:[overflow-wrap:anywhere]">
        <dt className="text-stone-500">{t("criminalArrivals")}</dt>
        <dd data-testid="queue-items">{format.number(row.items)}</dd>
        <dt className="text-stone-500">{t("reviewed")}</dt>
        <dd data-testid="queue-reviewed">
          {t("reviewedOf", { reviewed: row.reviewed, items: row.items })}
          {open > 0 ? <span className="text-stone-600"> {t("toGo", { open })}</span> : null}
        </dd>
        {row.outcomes && row.reviewed > 0 ? (
          <>
            <dt className="text-stone-500">{t("outcomes")}</dt>
            <dd className="break-words sm:col-span-3" data-testid="queue-outcomes">
              {outcomesText(row.outcomes, undefined, review)}
            </dd>
          </>
        ) : null}
        <dt className="text-stone-500">{t("notAcknowledged")}</dt>
        <dd data-testid="queue-not-acknowledged">{format.number(row.notAcknowledged)}</dd>
        <dt className="text-stone-500">{t("stored")}</dt>
        <dd data-testid="queue-stored">
          <PropertyInstant at={row.storedAt} zone={row.localZone} />
        </dd>
      </dl>
      <p
        className={`mt-2 text-sm ${row.overdue ? "font-medium text-red-800" : "text-stone-600"}`}
        data-testid="queue-waiting"
      >
        {waitingText(row, overdueHours, review)}
      </p>
    </li>
  );
}
