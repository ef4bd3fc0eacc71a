/**
 * The Overview's provenance in one short line, figures first: "Daybook's stored copy of Tue 24 Nov,
 * read 11:30 UTC". The rest (generated, requested, the API's way of serving a day) sits behind a
 * disclosure. Pure and isomorphic.
 */

import type { WithCopy } from "@/lib/features/history/types";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

import { formatBaselineDay } from "./baseline";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "11:30 UTC": the time of an instant, in UTC, named. */
export function formatUtcTime(instant: string): string {
  return `${timeFormat.format(new Date(instant))} UTC`;
}

export function provenanceLine(
  report: Pick<WithCopy<ScopedUsageReport>, "reportedDateLocal" | "apiRequestedAt" | "storedCopy" | "held">,
): string {
  const day = formatBaselineDay(report.reportedDateLocal);
  const copy = report.storedCopy ?? report.held ?? null;
  if (copy) return `Daybook's stored copy of ${day}, read ${formatUtcTime(copy.pulledAt)}`;
  return `The Partner API's figures for ${day}, read ${formatUtcTime(report.apiRequestedAt)}`;
}
