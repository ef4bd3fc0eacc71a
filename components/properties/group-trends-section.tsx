import { useTranslations } from "next-intl";

import { RowNotes } from "@/components/reports/property-figure-cells";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { sharedRowsText } from "@/components/ui/shared-rows";
import type { Formatter } from "@/lib/core/format";
import type { TrendsShown } from "@/lib/features/comparison/server";
import { unrecordedNoteIn } from "@/lib/features/overview/figure-words";

import { GroupTrendSummary } from "./group-trend-summary";
import { GroupTrendsView } from "./group-trends-view";
import { keptFields, TREND_PROPERTY_PARAM, trendsHref, type TrendsPlace } from "./trend-place";
import { TrendRangeLine } from "./trend-tables";

type Group = Extract<TrendsShown, { kind: "group" }>;

/** One property's line beside the group's: a GET form, so the choice is in the address. */
function PropertyPicker({ shown, place }: { shown: Group; place: TrendsPlace }) {
  const t = useTranslations("properties.groupTrends");
  return (
    <form action="/properties#trends" method="get" className="flex flex-wrap items-end gap-2">
      {keptFields(place, ["property"]).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SelectField
        id="trend-property"
        name={TREND_PROPERTY_PARAM}
        label={t("picker")}
        defaultValue={shown.group.chosen?.label ?? ""}
      >
        <option value="">{t("groupOnlyChoice")}</option>
        {shown.choices.map((choice) => (
          <option key={choice.id} value={choice.label}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="field" variant="secondary">
        {t("show")}
      </Button>
      {shown.group.chosen ? (
        <Link href={trendsHref(place, { property: null })} className={buttonClass("link")}>
          {t("groupOnly")}
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
  format,
}: {
  shown: Group;
  place: TrendsPlace;
  endsOnChosenDay: boolean;
  format: Formatter;
}) {
  const t = useTranslations("properties.groupTrends");
  const trendWords = useTranslations("properties.trends");
  const common = useTranslations("common");
  const overview = useTranslations("overview");
  const { group } = shown;
  return (
    <div className="space-y-5" data-testid="group-trends">
      <div className="space-y-1 text-sm text-stone-600">
        <p>
          <TrendRangeLine trends={group} endsOnChosenDay={endsOnChosenDay} format={format} />
        </p>
        <p data-testid="group-explanation">{t("explanation", { count: group.properties })}</p>
      </div>
      {group.storedDays === 0 ? (
        <EmptyState title={trendWords("noStoredDays.title")}>{trendWords("noStoredDays.body")}</EmptyState>
      ) : (
        <>
          <PropertyPicker shown={shown} place={place} />
          {shown.unknownProperty !== null ? (
            <Notice tone="info" title={t("unknownTitle")}>
              {t("unknown", { name: shown.unknownProperty })}
            </Notice>
          ) : null}
          <GroupTrendsView group={group} />
          <GroupTrendSummary shown={shown.summary} storedDays={group.storedDays} place={place} format={format} />
          <div className="space-y-1 text-xs text-stone-600">
            <RowNotes
              notes={[unrecordedNoteIn(overview, group.unrecorded), sharedRowsText(common, group.sharedNote)]}
            />
          </div>
        </>
      )}
    </div>
  );
}
