"use client";

import { useFormat } from "@/lib/features/preferences/hooks";

/** An instant in the property's own zone; the UTC time on hover and for assistive technology. */
export function LocalTime({
  instant,
  timeZone,
  wrap = false,
}: {
  instant: string;
  timeZone: string;
  /** May break before the zone's name, in a column narrower than the longest zone. */
  wrap?: boolean;
}) {
  const format = useFormat();
  const utc = format.instant(instant, "UTC");
  return (
    <time dateTime={instant} title={utc} className={wrap ? "" : "whitespace-nowrap"}>
      {format.instant(instant, timeZone)}
      <span className="sr-only"> ({utc})</span>
    </time>
  );
}
