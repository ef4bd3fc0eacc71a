import { formatInstant } from "@/lib/core/format";

/** An instant in the property's own zone; the UTC time on hover and for assistive technology. */
export function LocalTime({ instant, timeZone }: { instant: string; timeZone: string }) {
  const utc = formatInstant(instant, "UTC");
  return (
    <time dateTime={instant} title={utc} className="whitespace-nowrap">
      {formatInstant(instant, timeZone)}
      <span className="sr-only"> ({utc})</span>
    </time>
  );
}
