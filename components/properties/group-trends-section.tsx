import { RowNotes } from "@/components/reports/property-figure-cells";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import type { TrendsShown } from "@/lib/features/comparison/server";

import { GroupTrendSummary } from "./group-trend-summary";
import { GroupTrendsView } from "./group-trends-view";
import { keptFields, TREND_PROPERTY_PARAM, trendsHref, type TrendsPlace } from "./trend-place";
import { TrendRangeLine } from "./trend-tables";

type Group = Extract<TrendsShown, { kind: "group" }>;

/** One property's line beside the group's: a GET form, so the choice is in the address. */
function PropertyPicker({ shown, place }: { shown: Group; place: TrendsPlace }) {
  return (
    <form action="/properties#trends" method="get" className="flex flex-wrap items-end gap-2">
      {keptFields(place, ["property"]).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SelectField
        id="trend-property"
        name={TREND_PROPERTY_PARAM}
        label="A property beside the group"
        defaultValue={shown.group.chosen?.label ?? ""}
      >
        <option value="">None: the group only</option>
        {shown.choices.map((choice) => (
          <option key={choice.id} value={choice.label}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
      {shown.group.chosen ? (
        <Link href={trendsHref(place, { property: null })} className={buttonClass("link")}>
          The group only
        </Link>
      ) : null}
    </form>
  );
}

/**
 * The trends of more properties than a chart's lines can tell apart: the group as a whole, one
 * property of the person's choice beside it, and the range by property a page at a time.
 */
export function GroupTrendsSection({
  shown,
  place,
  endsOnChosenDay,
}: {
  shown: Group;
  place: TrendsPlace;
  endsOnChosenDay: boolean;
}) {
  const { group } = shown;
  return (
    <div className="space-y-5" data-testid="group-trends">
      <div className="space-y-1 text-sm text-stone-600">
        <p>
          <TrendRangeLine trends={group} endsOnChosenDay={endsOnChosenDay} />
        </p>
        <p data-testid="group-explanation">
          Your {group.properties} properties are too many for a line each, so the charts show them as one group: each
          day&apos;s scans summed over the properties with a row that day, and its rates from those sums, not an average
          of the properties&apos; rates. Choose a property to see its own line beside the group&apos;s.
        </p>
      </div>
      {group.storedDays === 0 ? (
        <EmptyState title="No stored days in this range">
          Choose a longer range, or a later day; Daybook stores each day after the properties&apos; day closes.
        </EmptyState>
      ) : (
        <>
          <PropertyPicker shown={shown} place={place} />
          {shown.unknownProperty !== null ? (
            <Notice tone="info" title="Showing the group only">
              None of your properties in these days is called “{shown.unknownProperty}”.
            </Notice>
          ) : null}
          <GroupTrendsView group={group} />
          <GroupTrendSummary shown={shown.summary} storedDays={group.storedDays} place={place} />
          <div className="space-y-1 text-xs text-stone-600">
            <RowNotes notes={[group.unrecordedNote, group.sharedNote]} />
          </div>
        </>
      )}
    </div>
  );
}
