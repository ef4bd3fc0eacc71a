import { connection } from "next/server";
import type { DayParam, RangeDays } from "@/lib/comparison/days";
import { getTrends } from "@/lib/dal/comparison";
import type { Viewer } from "@/lib/dal/viewer";
import { loadForPage } from "@/lib/reports/load";
import { NoStoredDays } from "./no-stored-days";
import { ComparisonSection } from "./section";
import { SectionFailure } from "./section-failure";
import { TrendsView } from "./trends-view";

const ID = "trends";

/** Each property over the range's stored days: scans, and a rate of the person's choice. */
export async function TrendsSection({ viewer, range, day }: { viewer: Viewer; range: RangeDays; day: DayParam }) {
  await connection();
  const loaded = await loadForPage(() => getTrends(viewer, range, day));
  const title = `Trends over ${range} days`;
  if (!loaded.ok) {
    return (
      <ComparisonSection id={ID} title={title}>
        <SectionFailure loaded={loaded} isAdmin={viewer.role === "admin"} what="the trends" />
      </ComparisonSection>
    );
  }
  if (!loaded.data) {
    return (
      <ComparisonSection id={ID} title={title}>
        <NoStoredDays />
      </ComparisonSection>
    );
  }
  return (
    <ComparisonSection id={ID} title={title}>
      <TrendsView trends={loaded.data} endsOnChosenDay={day.kind === "day"} />
    </ComparisonSection>
  );
}
