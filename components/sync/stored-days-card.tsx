import { getTranslations } from "next-intl/server";

import { Card } from "@/components/ui/card";
import type { Formatter } from "@/lib/core/format";
import type { StoredDaysSummary } from "@/lib/features/history/store";
import { getFormat } from "@/lib/features/preferences/server";

function Day({ day, format }: { day: string; format: Formatter }) {
  return <time dateTime={day}>{format.calendarDay(day)}</time>;
}

/** How many days Daybook holds, from when to when, and how many of them lost their guest data. */
export async function StoredDaysCard({ summary }: { summary: StoredDaysSummary }) {
  const [t, format] = await Promise.all([getTranslations("sync.storedDays"), getFormat()]);
  return (
    <Card title={t("title")}>
      {summary.count === 0 || !summary.first || !summary.last ? (
        <p className="text-sm text-stone-700">{t("none")}</p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm" data-testid="sync-stored-days">
          <dt className="font-medium text-stone-500">{t("count")}</dt>
          <dd className="tabular-nums">{format.number(summary.count)}</dd>
          <dt className="font-medium text-stone-500">{t("first")}</dt>
          <dd>
            <Day day={summary.first} format={format} />
          </dd>
          <dt className="font-medium text-stone-500">{t("latest")}</dt>
          <dd>
            <Day day={summary.last} format={format} />
          </dd>
          <dt className="font-medium text-stone-500">{t("purged")}</dt>
          <dd>{summary.purged === 0 ? t("purgedNone") : t("purgedDays", { count: summary.purged })}</dd>
        </dl>
      )}
    </Card>
  );
}
