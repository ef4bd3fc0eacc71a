"use client";

import { useFormat } from "@/lib/features/preferences/hooks";

/*
 * A client component so that server and client callers alike draw times in the person's formats
 * (useFormat), exactly as the server drew the page: no formatter has to be passed down.
 */

/** An instant in UTC, machine-readable for assistive technology; the exact ISO time in its tooltip. */
export function UtcInstant({ at }: { at: Date | string }) {
  const format = useFormat();
  const iso = new Date(at).toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {format.instant(iso, "UTC")}
    </time>
  );
}

/**
 * A time of a property's day: in the property's zone, named ("4:54 PM HST"), with UTC in its tooltip;
 * in UTC where Daybook knows no zone for the property.
 */
export function PropertyInstant({ at, zone }: { at: Date | string; zone?: string | null }) {
  const format = useFormat();
  const iso = new Date(at).toISOString();
  const time = format.propertyTime(iso, zone);
  return (
    <time dateTime={iso} title={time.zoned ? time.utc : iso} data-zoned={time.zoned}>
      {time.text}
    </time>
  );
}
