"use client";

import { REPEAT_KIND_LABELS, type RepeatKind } from "@/lib/features/investigations/repeat-visitors";
import {
  REPEAT_KINDS,
  REPEAT_SORT_LABELS,
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
  return (
    <ListFilter
      screen="repeat-visitors"
      window={window}
      property={property}
      choices={choices}
      everyProperty="The whole group you see"
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
        label="Rule"
        value={kind}
        choices={REPEAT_KINDS}
        labels={REPEAT_KIND_LABELS}
        none="Both rules"
        className="w-full min-w-0 sm:w-auto sm:max-w-sm"
      />
      <ChoiceField
        id="repeat-visitors-sort"
        name="sort"
        label="Order"
        value={sort}
        choices={REPEAT_SORTS}
        labels={REPEAT_SORT_LABELS}
        className="w-full min-w-0 sm:w-56"
      />
    </ListFilter>
  );
}
