import { formatDayWithYear } from "@/lib/core/format";
import type { AlertResponse } from "@/lib/features/investigations/server";

import { HowJudged, PurgedDaysNote } from "./screen-parts";

/**
 * How Alert response is worked out, in one line, with the details folded away: the figures come
 * first, and the method is one click away.
 */
export function ResponseHowJudged({ view, ranked }: { view: AlertResponse; ranked: boolean }) {
  return (
    <HowJudged
      summary={
        <>
          from check-in to the desk&apos;s acknowledgement, over the criminal arrivals of {view.storedDays} stored{" "}
          {view.storedDays === 1 ? "day" : "days"} from {formatDayWithYear(view.from)} to {formatDayWithYear(view.to)}
        </>
      }
    >
      <p>
        Each alert is a criminal arrival: a guest screening matched against a criminal record or the sex-offender
        register. Its wait is the time from the guest&apos;s check-in to the desk acknowledging the alert. The 50th
        percentile is the wait half the acknowledged alerts stayed within; the 90th, the wait nine in ten stayed within,
        so it shows the slow tail the median hides.
      </p>
      <p>
        An alert the desk had not acknowledged when Daybook stored its day is counted as not acknowledged, apart from
        the waits: it never counts as a time. A property with no criminal arrivals in the stored days has no alerts, not
        a wait of 0 minutes; a property whose privacy policy keeps no criminal details has none kept at all. Days
        Daybook did not store, or whose guest data retention removed, count nothing.
      </p>
      <p>
        Hours and weekdays are each property&apos;s own, in its zone as Daybook knows it from its guests&apos; arrivals;
        where several properties share a name, the zone of the guest&apos;s arrival that day. The age of an alert not
        acknowledged runs from its check-in to now.
      </p>
      {ranked ? (
        <p>
          The ranking puts the fastest desk first: by the 50th percentile, then the 90th, then the share not
          acknowledged. Properties whose alerts were none of them acknowledged come after every property with a time;
          properties without alerts, or whose alerts are not kept, are not ranked.
        </p>
      ) : null}
      <PurgedDaysNote days={view.purgedDays} what="alerts" />
    </HowJudged>
  );
}
