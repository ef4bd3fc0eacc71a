import { formatInstant, propertyTime } from "@/lib/core/format";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * The desk's acknowledgement as the API reports it. A null acknowledgement means an alert was shown
 * to staff and nobody acknowledged it yet: it is not "no alert" and must never read like one.
 */
export type AcknowledgementView =
  | {
      kind: "acknowledged";
      label: "Acknowledged at the desk";
      /** The property's own time: "Nov 21, 2026, 7:38 AM HST", or "Nov 21, 2026, 7:38 AM (property time)" where its zone is not known. */
      localText: string;
      /** The same instant in UTC, e.g. "Nov 21, 2026, 5:38 PM UTC". */
      utcText: string;
      utcInstant: string;
    }
  | {
      kind: "not-acknowledged";
      label: "Not acknowledged at the desk";
      explanation: string;
    };

export const NOT_ACKNOWLEDGED_EXPLANATION =
  "An alert was shown to the desk staff and has not been acknowledged. This is not the same as no alert.";

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const wallClock = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

/**
 * "2026-11-21 07:38:28" → "Nov 21, 2026, 7:38 AM". The text is already the property's local time,
 * so it is read as a wall clock and never shifted into another zone. Text that is not in that shape
 * is returned as it came.
 */
export function formatLocalWallClock(localDateTime: string): string {
  const match = LOCAL_DATE_TIME.exec(localDateTime.trim());
  if (!match) return localDateTime;
  const [, y, mo, d, h, mi, s = "00"] = match;
  const asIfUtc = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  if (Number.isNaN(asIfUtc.getTime())) return localDateTime;
  return wallClock.format(asIfUtc);
}

/**
 * `zone`, where Daybook knows the property's, names the time ("7:38 AM HST"); without it the API's
 * own wall-clock text stands, marked as property time.
 */
export function acknowledgementOf(
  item: Pick<CriminalArrival, "acknowledgedAtUtc" | "acknowledgedAtLocal">,
  zone?: string | null,
): AcknowledgementView {
  if (item.acknowledgedAtUtc === null) {
    return {
      kind: "not-acknowledged",
      label: "Not acknowledged at the desk",
      explanation: NOT_ACKNOWLEDGED_EXPLANATION,
    };
  }
  const utcText = formatInstant(item.acknowledgedAtUtc, "UTC");
  const named = propertyTime(item.acknowledgedAtUtc, zone);
  return {
    kind: "acknowledged",
    label: "Acknowledged at the desk",
    localText: named.zoned
      ? named.text
      : item.acknowledgedAtLocal === null
        ? "Property time not given"
        : `${formatLocalWallClock(item.acknowledgedAtLocal)} (property time)`,
    utcText,
    utcInstant: item.acknowledgedAtUtc,
  };
}

export function isAcknowledged(item: Pick<CriminalArrival, "acknowledgedAtUtc">): boolean {
  return item.acknowledgedAtUtc !== null;
}
