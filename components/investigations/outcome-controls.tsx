import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { OUTCOMES_PATH, type OutcomeSort } from "@/lib/features/investigations/outcome-view";
import { WINDOWS, type WindowDays } from "@/lib/features/investigations/view";

/**
 * The window and the property of Match outcomes: a plain GET form, so a view is an address to share
 * and works without script. A person with one property gets no property choice: it could only
 * repeat that property. The property table's order is kept.
 */
export function OutcomeControls({
  window,
  property,
  choices,
  sort,
}: {
  window: WindowDays;
  property: string | null;
  /** The properties to choose from, by label; empty for a person with one. */
  choices: readonly string[];
  sort: OutcomeSort;
}) {
  return (
    <form
      action={OUTCOMES_PATH}
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label="Choose the days and the property"
      data-testid="outcomes-controls"
    >
      {sort !== "rate" ? <input type="hidden" name="sort" value={sort} /> : null}
      <div className="w-40">
        <SelectField id="outcomes-window" name="window" label="Days" defaultValue={String(window)}>
          {WINDOWS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </SelectField>
      </div>
      {choices.length > 0 ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField id="outcomes-property" name="property" label="Property" defaultValue={property ?? ""}>
            <option value="">All your properties</option>
            {choices.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
    </form>
  );
}
