"use client";

import { useTranslations } from "next-intl";

import { SPREAD_DAYS, SPREAD_PROPERTIES, type RepeatKind } from "@/lib/features/investigations/repeat-visitors";
import {
  REPEAT_KINDS,
  REPEAT_SORTS,
  repeatVisitorsHref,
  type RepeatSort,
} from "@/lib/features/investigations/repeat-visitors-view";
import type { WindowDays } from "@/lib/features/investigations/view";

import { ListFilter } from "./list-filter";
import { ChoiceField } from "./window-property-form";

/** The window, the property (one property's list, or the group's), the rule and the order. */
export function RepeatVisitorsFilter({
  window,
  property,
  kind,
  sort,
  choices,
}: {
  window: WindowDays;
  property: string | null;
  kind: RepeatKind | null;
  sort: RepeatSort;
  choices: readonly string[];
}) {
  const t = useTranslations("investigations.repeatVisitors");
  const spread = { properties: SPREAD_PROPERTIES, days: SPREAD_DAYS };
  return (
    <ListFilter
      screen="repeat-visitors"
      window={window}
      property={property}
      choices={choices}
      everyProperty={t("everyProperty")}
      href={({ field, ...place }) =>
        repeatVisitorsHref({
          ...place,
          kind: field("kind") as RepeatKind | null,
          sort: (field("sort") ?? "newest") as RepeatSort,
        })
      }
    >
      <ChoiceField
        id="repeat-visitors-kind"
        name="kind"
        label={t("rule")}
        value={kind}
        choices={REPEAT_KINDS}
        labels={{
          "after-flag": t("kinds.afterFlag"),
          spread: t("kinds.spread", spread),
        }}
        none={t("bothRules")}
        className="w-full min-w-0 sm:w-auto sm:max-w-sm"
      />
      <ChoiceField
        id="repeat-visitors-sort"
        name="sort"
        label={t("order")}
        value={sort}
        choices={REPEAT_SORTS}
        labels={{
          newest: t("sorts.newest"),
          oldest: t("sorts.oldest"),
          closest: t("sorts.closest"),
          property: t("sorts.property"),
        }}
        className="w-full min-w-0 sm:w-56"
      />
    </ListFilter>
  );
}
