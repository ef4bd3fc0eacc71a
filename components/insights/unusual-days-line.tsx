import { Link } from "@/components/ui/link";
import { formatDayWithYear } from "@/lib/core/format";
import {
  overviewDayHref,
  UNUSUAL_DAYS_LIST_HREF,
  unusualDaysLine,
  type UnusualDays,
} from "@/lib/features/insights/unusual-days";

const LINE_CLASS = "rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950";
const LINK_CLASS = "font-medium underline underline-offset-2";

/**
 * The Overview's one line on unusual days: how many of the person's property days had a rate outside
 * its usual range in the last stored days, leading to the list on Properties, or (for a person who
 * cannot open Properties) to each day, listed under the line. Nothing when there was none.
 */
export function UnusualDaysLineView({ list, canOpenProperties }: { list: UnusualDays; canOpenProperties: boolean }) {
  const line = unusualDaysLine(list);
  if (!line) return null;
  if (canOpenProperties) {
    return (
      <p className={LINE_CLASS} data-testid="unusual-days-line">
        <span aria-hidden>▲ </span>
        {line.words} —{" "}
        <Link href={UNUSUAL_DAYS_LIST_HREF} className={LINK_CLASS}>
          see Properties
        </Link>
      </p>
    );
  }
  return (
    <details className={LINE_CLASS} data-testid="unusual-days-line">
      <summary className="cursor-pointer">
        <span aria-hidden>▲ </span>
        {line.words} — <span className={LINK_CLASS}>which</span>
      </summary>
      <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Unusual days">
        {list.rows.map((row) => (
          <li key={`${row.day}|${row.key}|${row.rate}`} data-testid="unusual-days-line-entry">
            <Link href={overviewDayHref(row.day)} className={LINK_CLASS}>
              <time dateTime={row.day}>{formatDayWithYear(row.day)}</time>
            </Link>
            , {row.label}: {row.sentence}
          </li>
        ))}
      </ul>
    </details>
  );
}
