import { useTranslations } from "next-intl";

import { listHref } from "@/components/review/queue-row";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import type { Formatter } from "@/lib/core/format";
import { listProperty } from "@/lib/features/review/list";
import type { WaitingGlance } from "@/lib/features/review/types";
import { waitingText } from "@/lib/features/review/waiting";

/**
 * A supervisor's morning: the criminal-arrival lists waiting for their sign-off, oldest first, each
 * a link to the list, and the way to the whole queue. Nothing waiting says so in one line.
 */
export function WaitingLists({ glance, format }: { glance: WaitingGlance; format: Formatter }) {
  const t = useTranslations("overview.waiting");
  const review = useTranslations("review");
  const { rows, total, overdue, overdueHours } = glance;
  if (total === 0)
    return (
      <p className="text-sm text-stone-700" data-testid="overview-waiting">
        {t("none")}
      </p>
    );
  return (
    <section aria-labelledby="overview-waiting-heading" className={`p-4 ${cardClass}`} data-testid="overview-waiting">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="overview-waiting-heading" className="font-semibold text-stone-900">
          {t("heading")}
        </h2>
        <p className="text-sm text-stone-700" data-testid="overview-waiting-totals">
          {t.rich("totals", {
            total: format.number(total),
            hasOverdue: overdue > 0 ? "yes" : "no",
            overdue: format.number(overdue),
            strong: (chunks) => <span className="font-medium text-red-800">{chunks}</span>,
          })}
        </p>
      </div>
      <ol className="mt-2 divide-y divide-stone-200 text-sm">
        {rows.map((row) => (
          <li
            key={`${row.propertyName}|${row.zone ?? ""}|${row.day}`}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5"
            data-testid="overview-waiting-list"
          >
            <Link href={listHref(row)} className={`min-w-0 break-words ${buttonClass("link")}`}>
              {listProperty(row, review)} · <time dateTime={row.day}>{format.calendarDay(row.day)}</time>
            </Link>
            <span className={row.overdue ? "font-medium text-red-800" : "text-stone-600"}>
              {waitingText(row, overdueHours, review)}
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm">
        <Link href="/review" className={buttonClass("link")}>
          {total > rows.length ? t("all", { total: format.number(total) }) : t("open")}
        </Link>
      </p>
    </section>
  );
}
