"use client";

import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { REPEAT_KIND_LABELS, type RepeatKind } from "@/lib/features/investigations/repeat-visitors";
import {
  REPEAT_KINDS,
  REPEAT_SORT_LABELS,
  REPEAT_SORTS,
  REPEAT_VISITORS_PATH,
  repeatVisitorsHref,
  type RepeatSort,
} from "@/lib/features/investigations/repeat-visitors-view";
import { WINDOWS, type WindowDays } from "@/lib/features/investigations/view";

/**
 * The window, the property (one property's list, or the group's), the rule and the order: a GET
 * form, so the view is an address to share; with script, the defaults are left out of it.
 */
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
  const router = useRouter();
  return (
    <form
      action={REPEAT_VISITORS_PATH}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = form.get(name);
          return typeof value === "string" && value !== "" ? value : null;
        };
        router.push(
          repeatVisitorsHref({
            window: Number(text("window")) as WindowDays,
            property: text("property"),
            kind: text("kind") as RepeatKind | null,
            sort: (text("sort") ?? "newest") as RepeatSort,
          }),
        );
      }}
      className="flex flex-wrap items-end gap-3"
      aria-label="Choose what the list shows"
      data-testid="repeat-visitors-filter"
    >
      <div className="w-full min-w-0 sm:w-44">
        <SelectField id="repeat-visitors-window" name="window" label="Days" defaultValue={String(window)}>
          {WINDOWS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </SelectField>
      </div>
      {choices.length > 1 ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField id="repeat-visitors-property" name="property" label="Property" defaultValue={property ?? ""}>
            <option value="">The whole group you see</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="w-full min-w-0 sm:w-auto sm:max-w-sm">
        <SelectField id="repeat-visitors-kind" name="kind" label="Rule" defaultValue={kind ?? ""}>
          <option value="">Both rules</option>
          {REPEAT_KINDS.map((choice) => (
            <option key={choice} value={choice}>
              {REPEAT_KIND_LABELS[choice]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="w-full min-w-0 sm:w-56">
        <SelectField id="repeat-visitors-sort" name="sort" label="Order" defaultValue={sort}>
          {REPEAT_SORTS.map((choice) => (
            <option key={choice} value={choice}>
              {REPEAT_SORT_LABELS[choice]}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
    </form>
  );
}
