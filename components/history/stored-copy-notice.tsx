import { Notice } from "@/components/ui/notice";
import { formatCalendarDay, formatInstant } from "@/lib/core/format";
import type { StoredCopy } from "@/lib/features/history/types";

/** Says plainly that the screen shows Daybook's stored copy, not the API's answer of today. */
export function StoredCopyNotice({ copy, liveField = false }: { copy: StoredCopy; liveField?: boolean }) {
  return (
    <Notice
      tone="info"
      title={`Stored copy of ${formatCalendarDay(copy.reportedDate)}, pulled at ${formatInstant(copy.pulledAt)}`}
    >
      <p data-testid="stored-copy">
        Daybook pulled this day from the Partner API and keeps it; the API itself only reports yesterday.
        {liveField && copy.liveObservedAt ? (
          <>
            {" "}
            &ldquo;Currently banned&rdquo; is as of {formatInstant(copy.liveObservedAt)}, the last time Daybook read it.
          </>
        ) : null}
      </p>
    </Notice>
  );
}
