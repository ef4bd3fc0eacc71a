import { formatDayWithYear } from "@/lib/core/format";
import { MIN_DECIDED } from "@/lib/features/investigations/outcome-rates";
import type { OutcomeView } from "@/lib/features/investigations/server";

import { HowJudged } from "./screen-parts";

/**
 * How the false-match rate is worked out, in one line, with the details folded away: the figures
 * come first, and the method is one click away.
 */
export function OutcomeHowJudged({ view }: { view: Pick<OutcomeView, "from" | "to"> }) {
  return (
    <HowJudged
      summary={
        <>
          “not the same person” among the settled matches supervisors recorded for the lists of{" "}
          {formatDayWithYear(view.from)} to {formatDayWithYear(view.to)}; under {MIN_DECIDED} settled, too few to judge
        </>
      }
    >
      <p>
        When a supervisor reviews a criminal arrival, they record what the check found: same person, confirmed; not the
        same person (a false match); record outdated; or could not verify. A match is settled by the first three. The
        false-match rate is the settled matches that were not the same person, out of every settled match.
      </p>
      <p>
        “Could not verify” settles nothing: it is counted beside the rate, never in it. Reviews made before outcomes
        were asked have none; they are counted as “no outcome recorded” and are in no rate. A review an admin undid
        counts nowhere. “Police contacted” counts the outcomes where the supervisor said so.
      </p>
      <p>
        Under {MIN_DECIDED} settled matches a single review would move the rate by more than ten points, so no rate is
        given: too few to judge. The counts are shown whatever their size.
      </p>
      <p>
        A list is one property&apos;s criminal arrivals of one of its own local days; the window and the months are
        those days. By match, a guest matching both a criminal record and the sex-offender register counts in each row.
        Scan sources are the API&apos;s own words. Where several properties share a name, each is counted apart by its
        zone.
      </p>
    </HowJudged>
  );
}
