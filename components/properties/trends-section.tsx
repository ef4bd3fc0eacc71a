import type { RangeDays } from "@/lib/core/days";
import type { Trends } from "@/lib/features/comparison/trends";
import type { Loaded } from "@/lib/features/reports/types";

import { LoadedSection } from "./section";
import { TrendsView } from "./trends-view";

/** Each property over the range's stored days: scans, and a rate of the person's choice. */
export function TrendsSection({
  loaded,
  range,
  endsOnChosenDay,
  isAdmin,
}: {
  loaded: Loaded<Trends | null>;
  range: RangeDays;
  endsOnChosenDay: boolean;
  isAdmin: boolean;
}) {
  return (
    <LoadedSection id="trends" title={`Trends over ${range} days`} what="the trends" loaded={loaded} isAdmin={isAdmin}>
      {(trends) => <TrendsView trends={trends} endsOnChosenDay={endsOnChosenDay} />}
    </LoadedSection>
  );
}
