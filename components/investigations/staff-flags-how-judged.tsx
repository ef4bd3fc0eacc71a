import { formatDayWithYear } from "@/lib/core/format";
import type { StaffFlags } from "@/lib/features/investigations/server";
import { FLAG_RULE_WORDS } from "@/lib/features/investigations/staff-flags-figures";

import { HowJudged, PurgedDaysNote } from "./screen-parts";

/** How Staff flags is worked out, in one line, with the details folded away. */
export function StaffFlagsHowJudged({ view }: { view: StaffFlags }) {
  return (
    <HowJudged
      summary={
        <>
          staff flags per 100 stored arrivals, over {view.storedDays} stored {view.storedDays === 1 ? "day" : "days"}{" "}
          from {formatDayWithYear(view.from)} to {formatDayWithYear(view.to)}, each property against the group
        </>
      }
    >
      <p>
        A staff flag is the desk&apos;s own action (isFlagged), not a screening result. Flags per 100 arrivals are the
        guests flagged among the arrivals Daybook stored; &ldquo;no screening match&rdquo; counts the flagged guests
        screening found nothing about (no ban, criminal-record or sex-offender match), flagged on staff&apos;s own
        judgement.
      </p>
      <p>{FLAG_RULE_WORDS}</p>
      <p>
        The group is the properties you see; a property filter does not change its range. Only days Daybook stored
        count: a day it did not store, or whose guest data retention removed, is left out, never read as a day without
        flags. Weekdays are each property&apos;s own local day.
      </p>
      <PurgedDaysNote days={view.purgedDays} what="flags" />
    </HowJudged>
  );
}
