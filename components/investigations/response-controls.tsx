import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import type { InvestigationScreen } from "@/lib/core/access";
import { investigationPath, WINDOWS, type WindowDays } from "@/lib/features/investigations/view";

/**
 * The window and the property of an investigation (Alert response, Staff flags): a plain GET form,
 * so a view is an address to share and works without script. A person with one property gets no
 * property choice: it could only repeat that property.
 */
export function WindowPropertyControls({
  screen,
  window,
  property,
  choices,
}: {
  screen: InvestigationScreen;
  window: WindowDays;
  property: string | null;
  /** Every property of the person's, by label; empty for one. */
  choices: readonly string[];
}) {
  return (
    <form
      action={investigationPath(screen)}
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label="Choose the days and the property"
      data-testid={`${screen}-controls`}
    >
      <div className="w-40">
        <SelectField id={`${screen}-window`} name="window" label="Days" defaultValue={String(window)}>
          {WINDOWS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </SelectField>
      </div>
      {choices.length > 0 ? (
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
          <SelectField id={`${screen}-property`} name="property" label="Property" defaultValue={property ?? ""}>
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

/** A figure first, its words under it. */
export function FigureTile({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold break-words text-stone-900" data-figure>
        {value}
      </p>
      {detail ? <p className="mt-1 text-sm text-stone-600">{detail}</p> : null}
    </div>
  );
}
