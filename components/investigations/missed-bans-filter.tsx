"use client";

import { useRouter } from "next/navigation";

import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import {
  MISSED_BAN_SORT_LABELS,
  MISSED_BAN_SORTS,
  MISSED_BANS_PATH,
  missedBansHref,
  type MissedBanSort,
} from "@/lib/features/investigations/missed-bans-view";
import { WINDOWS, type WindowDays } from "@/lib/features/investigations/view";

/**
 * The window, the property (for a person with several) and the order: a GET form, so the view is
 * an address to share; with script, the address leaves out what is left at its default.
 */
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
  const router = useRouter();
  return (
    <form
      action={MISSED_BANS_PATH}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = form.get(name);
          return typeof value === "string" && value !== "" ? value : null;
        };
        router.push(
          missedBansHref({
            window: Number(text("window")) as WindowDays,
            property: text("property"),
            sort: (text("sort") ?? "newest") as MissedBanSort,
          }),
        );
      }}
      className="flex flex-wrap items-end gap-3"
      aria-label="Choose what the list shows"
      data-testid="missed-bans-filter"
    >
      <div className="w-full min-w-0 sm:w-44">
        <SelectField id="missed-bans-window" name="window" label="Days" defaultValue={String(window)}>
          {WINDOWS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </SelectField>
      </div>
      {choices.length > 1 ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField id="missed-bans-property" name="property" label="Property" defaultValue={property ?? ""}>
            <option value="">All your properties</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="w-full min-w-0 sm:w-56">
        <SelectField id="missed-bans-sort" name="sort" label="Order" defaultValue={sort}>
          {MISSED_BAN_SORTS.map((choice) => (
            <option key={choice} value={choice}>
              {MISSED_BAN_SORT_LABELS[choice]}
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
