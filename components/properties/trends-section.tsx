import type { Viewer } from "@/lib/core/access";
import type { DayParam, RangeDays } from "@/lib/core/days";
import { getTrends } from "@/lib/features/comparison/server";

import { ComparisonSection } from "./section";
import { loadStoredSection } from "./stored-section";
import { TrendsView } from "./trends-view";

const ID = "trends";

/** Each property over the range's stored days: scans, and a rate of the person's choice. */
export async function TrendsSection({ viewer, range, day }: { viewer: Viewer; range: RangeDays; day: DayParam }) {
  const title = `Trends over ${range} days`;
  const loaded = await loadStoredSection({
    id: ID,
    title,
    viewer,
    what: "the trends",
    load: () => getTrends(viewer, range, day),
  });
  if (!loaded.ok) return loaded.element;
  return (
    <ComparisonSection id={ID} title={title}>
      <TrendsView trends={loaded.data} endsOnChosenDay={day.kind === "day"} />
    </ComparisonSection>
  );
}
