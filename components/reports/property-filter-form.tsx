import Form from "next/form";
import Link from "next/link";

import { Button, buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { propertyKey } from "@/lib/core/access";
import { zoneCity } from "@/lib/core/property-names";
import type { SharedName } from "@/lib/features/reports/types";

/** "Seaside Suites is the name of 2 properties (Los Angeles time, New York time)." */
function sharedNameWords(shared: SharedName): string {
  const zones = shared.zones.map((zone) => `${zoneCity(zone)} time`).join(", ");
  return `${shared.name} is the name of ${shared.zones.length} properties (${zones}).`;
}

/**
 * The property filter of a report screen: a GET form, so the filter lives in the address
 * (`?property=`), a filtered view can be shared and reloaded, and the server narrows the report.
 */
export function PropertyFilterForm({
  action,
  property,
  day,
  suggestions,
  shared = [],
  compact = false,
  className = "",
}: {
  /** The screen's own path. */
  action: string;
  property?: string;
  /** The stored day shown, kept when the filter changes. */
  day?: string;
  suggestions: readonly string[];
  /** Names several of the person's properties share: the API refuses a filter on them. */
  shared?: readonly SharedName[];
  /** Inline among other controls: the help is read out but not shown. */
  compact?: boolean;
  className?: string;
}) {
  const id = `${action.replace(/\W/g, "")}-property`;
  return (
    <Form action={action} className={`min-w-0 space-y-1 ${className}`} role="search" aria-label="Property filter">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Property
      </label>
      {day ? <input type="hidden" name="day" value={day} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          key={property ?? ""}
          id={id}
          name="property"
          type="text"
          defaultValue={property ?? ""}
          placeholder="All your properties"
          list={`${id}-names`}
          autoComplete="off"
          aria-describedby={`${id}-help`}
          className={`${inputClass} h-10 min-w-0 flex-1 basis-56`}
        />
        <datalist id={`${id}-names`}>
          {suggestions.map((name) => {
            const sharing = shared.find((entry) => propertyKey(entry.name) === propertyKey(name));
            return <option key={name} value={name} label={sharing ? sharedNameWords(sharing) : undefined} />;
          })}
        </datalist>
        <Button type="submit" variant="primary" size="field">
          Show
        </Button>
        {property ? (
          <Link
            href={day ? `${action}?day=${encodeURIComponent(day)}` : action}
            className={`inline-flex h-10 items-center px-2 text-sm ${buttonClass("link")}`}
          >
            Clear filter
          </Link>
        ) : null}
      </div>
      <p id={`${id}-help`} className={compact ? "sr-only" : "text-xs text-stone-600"}>
        The whole name of one property; casing and spaces do not matter. Leave empty for all your properties.
      </p>
      {shared.length > 0 ? (
        <p className="text-xs text-stone-600" data-testid="shared-names">
          {shared.map(sharedNameWords).join(" ")} A filter on a shared name is refused, as the API refuses it; with all
          your properties shown, each of them is labelled with its time zone.
        </p>
      ) : null}
    </Form>
  );
}
