"use client";

import { useFormat } from "@/lib/features/preferences/hooks";

/*
 * Client components so that server and client callers alike draw times in the person's formats
 * (useFormat), exactly as the server drew the page: no formatter has to be passed down.
 */

/**
 * A time of Daybook's own (an audit entry, a mail sent, a pull, a sign-in): in the person's own zone,
 * named (UTC unless they chose one); the exact ISO UTC time in its tooltip and `dateTime`.
 */
export function EventInstant({ at }: { at: Date | string }) {
  const format = useFormat();
  const iso = new Date(at).toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {format.event(iso)}
    </time>
  );
}

/**
 * A time of a property's day: in the property's zone, named ("4:54 PM HST"), with UTC in its tooltip;
 * in UTC where Daybook knows no zone for the property. The person's own zone never applies here.
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
