import { formatCalendarDay, formatInstant } from "@/lib/core/format";
import type { SideBySide } from "@/lib/features/comparison/side-by-side";

/** Which day the figures are for, and whether they are live from the API or Daybook's stored copy. */
export function ReportSource({ data }: { data: SideBySide }) {
  const day = (
    <time dateTime={data.reportedDate} data-testid="compared-day" className="font-medium text-stone-800">
      {formatCalendarDay(data.reportedDate)}
    </time>
  );
  return data.storedCopy ? (
    <p data-testid="report-source">
      Daybook&apos;s stored copy of {day}, pulled {formatInstant(data.storedCopy.pulledAt)}.
    </p>
  ) : (
    <p data-testid="report-source">
      Live from the Partner API: {day}, each property&apos;s own local yesterday (figures generated{" "}
      {formatInstant(data.generatedAt)}).
    </p>
  );
}
