"use client";

import { useTranslations } from "next-intl";

import { MISSED_BAN_SORTS, missedBansHref, type MissedBanSort } from "@/lib/features/investigations/missed-bans-view";
import type { WindowDays } from "@/lib/features/investigations/view";

import { ListFilter } from "./list-filter";
import { ChoiceField } from "./window-property-form";

/** The window, the property (for a person with several) and the order. */
export function MissedBansFilter({
  window,
  property,
  sort,
  choices,
}: {
  window: WindowDays;
  property: string | null;
  sort: MissedBanSort;
  choices: readonly string[];
}) {
  const t = useTranslations("investigations.missedBans");
  return (
    <ListFilter
      screen="missed-bans"
      window={window}
      property={property}
      choices={choices}
      href={({ field, ...place }) => missedBansHref({ ...place, sort: (field("sort") ?? "newest") as MissedBanSort })}
    >
      <ChoiceField
        id="missed-bans-sort"
        name="sort"
        label={t("order")}
        value={sort}
        choices={MISSED_BAN_SORTS}
        labels={{
          newest: t("sorts.newest"),
          oldest: t("sorts.oldest"),
          known: t("sorts.known"),
          property: t("sorts.property"),
        }}
        className="w-full min-w-0 sm:w-64"
      />
    </ListFilter>
  );
}
