import { useTranslations } from "next-intl";

import type { DayParam, RangeDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import type { TrendsShown } from "@/lib/features/comparison/server";
import type { Loaded } from "@/lib/features/reports/types";

import { GroupTrendsSection } from "./group-trends-section";
import { LoadedSection } from "./section";
import { TrendsView } from "./trends-view";

/**
 * The range's stored days, scans and a rate of the person's choice: a line per property for a few
 * properties, the group as a whole for many.
 */
export function TrendsSection({
  loaded,
  day,
  range,
  isAdmin,
  format,
}: {
  loaded: Loaded<TrendsShown | null>;
  day: DayParam;
  range: RangeDays;
  isAdmin: boolean;
  format: Formatter;
}) {
  const t = useTranslations("properties.trends");
  const endsOnChosenDay = day.kind === "day";
  return (
    <LoadedSection id="trends" title={t("title", { range })} what={t("what")} loaded={loaded} isAdmin={isAdmin}>
      {(shown) =>
        shown.kind === "each" ? (
          <TrendsView trends={shown.trends} endsOnChosenDay={endsOnChosenDay} />
        ) : (
          <GroupTrendsSection
            shown={shown}
            // Where the trends stand as the server read the address: links and forms keep it.
            place={{
              day,
              range,
              property: shown.group.chosen?.label ?? null,
              filter: shown.summary.filter,
              sort: shown.summary.sort,
              page: shown.summary.page,
            }}
            endsOnChosenDay={endsOnChosenDay}
            format={format}
          />
        )
      }
    </LoadedSection>
  );
}
