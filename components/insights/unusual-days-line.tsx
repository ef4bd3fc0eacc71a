import { getTranslations } from "next-intl/server";

import { Link } from "@/components/ui/link";
import { RATE_SPECS, unusualMessage } from "@/lib/features/insights/unusual";
import {
  overviewDayHref,
  UNUSUAL_DAYS_LIST_HREF,
  unusualDaysLine,
  type UnusualDays,
} from "@/lib/features/insights/unusual-days";
import { getFormat } from "@/lib/features/preferences/server";

const LINE_CLASS = "rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950";
const LINK_CLASS = "font-medium underline underline-offset-2";

/**
 * The Overview's one line on unusual days: how many of the person's property days had a rate outside
 * its usual range in the last stored days, leading to the list on Properties, or (for a person who
 * cannot open Properties) to each day, listed under the line. Nothing when there was none. Async, so
 * it reads the person's formats itself: the Overview hands it the list alone.
 */
export async function UnusualDaysLineView({
  list,
  canOpenProperties,
}: {
  list: UnusualDays;
  canOpenProperties: boolean;
}) {
  const line = unusualDaysLine(list);
  if (!line) return null;
  const [t, format] = await Promise.all([getTranslations("insights.unusual"), getFormat()]);
  const words = t("line", { days: line.days, n: format.number(line.count) });
  if (canOpenProperties) {
    return (
      <p className={LINE_CLASS} data-testid="unusual-days-line">
        {t.rich("lineToProperties", {
          words,
          mark: (chunks) => <span aria-hidden>{chunks}</span>,
          link: (chunks) => (
            <Link href={UNUSUAL_DAYS_LIST_HREF} className={LINK_CLASS}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    );
  }
  return (
    <details className={LINE_CLASS} data-testid="unusual-days-line">
      <summary className="cursor-pointer">
        {t.rich("lineWhich", {
          words,
          mark: (chunks) => <span aria-hidden>{chunks}</span>,
          which: (chunks) => <span className={LINK_CLASS}>{chunks}</span>,
        })}
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5" aria-label={t("listLabel")}>
        {list.rows.map((row) => {
          const message = unusualMessage(RATE_SPECS[row.rate], row, format, t);
          return (
            <li key={`${row.day}|${row.key}|${row.rate}`} data-testid="unusual-days-line-entry">
              {t.rich("entry", {
                label: row.label,
                sentence: t(message.key, message.values),
                day: () => (
                  <Link href={overviewDayHref(row.day)} className={LINK_CLASS}>
                    <time dateTime={row.day}>{format.dayWithYear(row.day)}</time>
                  </Link>
                ),
              })}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
