/**
 * How quickly each property's desk acknowledged its screening alerts: from check-in to the desk's
 * acknowledgement, over the stored criminal arrivals of a range. A null acknowledgement is an
 * alert shown and not yet acknowledged; it is counted apart, never as a time.
 */

import type { Formatter } from "@/lib/core/format";
import type { Translate } from "@/lib/features/overview/words";
import { listProperty, listPropertyKey, type ListProperty } from "@/lib/features/review/list";
import type { ReviewWords } from "@/lib/features/review/words";

export interface AlertTimes {
  propertyName: string;
  /** Set where the name is shared and Daybook placed the arrival (lib/features/history/placement.ts). */
  propertyTimeZone?: string;
  checkInAtUtc: string;
  acknowledgedAtUtc: string | null;
}

/**
 * Alerts already counted (a stored list's part, lib/features/history/list-counts.ts): how many, and
 * each acknowledged one's wait in ms. The figures are the same as from the alerts one by one.
 */
export interface AlertCounts {
  propertyName: string;
  propertyTimeZone?: string;
  alerts: number;
  waitsMs: readonly number[];
}

/**
 * A property's alerts of a range already summed up (lib/features/history/list-counts.ts): how
 * many, how many acknowledged, the median wait. Medians do not add up, so a summary must be the
 * only thing given for its property.
 */
export interface AlertSummary {
  propertyName: string;
  alerts: number;
  acknowledged: number;
  medianMs: number | null;
}

export interface AcknowledgementFigure extends ListProperty {
  /** The property as shown: a shared name with its zone. */
  label: string;
  alerts: number;
  acknowledged: number;
  notAcknowledged: number;
  /** Median of acknowledgedAtUtc − checkInAtUtc over the acknowledged alerts; null without any. */
  medianMs: number | null;
}

/**
 * One figure per property: every one of `properties` (so a property without alerts shows as
 * such), and any other property an alert names. `items` are alerts, alerts already counted, or a
 * property's alerts summed up. Properties sharing a name are kept apart by zone, labelled in `t`'s
 * words (the person's; English by default).
 */
export function acknowledgementFigures(
  items: readonly (AlertTimes | AlertCounts | AlertSummary)[],
  properties: readonly ListProperty[] = [],
  t?: ReviewWords,
): AcknowledgementFigure[] {
  const byProperty = new Map<
    string,
    { property: ListProperty; alerts: number; waits: number[]; summary: AlertSummary | null }
  >();
  const entryOf = (property: ListProperty) => {
    const key = listPropertyKey(property);
    let entry = byProperty.get(key);
    if (!entry) byProperty.set(key, (entry = { property, alerts: 0, waits: [], summary: null }));
    return entry;
  };
  for (const property of properties) entryOf(property);
  for (const item of items) {
    const entry = entryOf({
      propertyName: item.propertyName,
      zone: "propertyTimeZone" in item ? (item.propertyTimeZone ?? null) : null,
    });
    if (entry.summary !== null || ("medianMs" in item && entry.alerts > 0)) {
      throw new Error(`${item.propertyName}: a summed-up property's alerts cannot take more alerts`);
    }
    if ("medianMs" in item) {
      entry.summary = item;
      entry.alerts = item.alerts;
      continue;
    }
    if ("waitsMs" in item) {
      entry.alerts += item.alerts;
      entry.waits.push(...item.waitsMs);
      continue;
    }
    entry.alerts += 1;
    if (item.acknowledgedAtUtc !== null)
      entry.waits.push(Date.parse(item.acknowledgedAtUtc) - Date.parse(item.checkInAtUtc));
  }
  return [...byProperty.values()].map(({ property, alerts, waits, summary }) => {
    const acknowledged = summary?.acknowledged ?? waits.length;
    return {
      ...property,
      label: listProperty(property, t),
      alerts,
      acknowledged,
      notAcknowledged: alerts - acknowledged,
      medianMs: summary ? summary.medianMs : median(waits),
    };
  });
}

/** The words a property's acknowledgement figures need: keys under `properties.acknowledgement`. */
export type AcknowledgementKey = "noAlertsInDays" | "acknowledged" | "noAlerts" | "noneAcknowledged";

/** "3 acknowledged of 4, 1 not acknowledged at the desk". */
export function describeAcknowledgements(t: Translate<AcknowledgementKey>, figure: AcknowledgementFigure): string {
  if (figure.alerts === 0) return t("noAlertsInDays");
  return t("acknowledged", {
    acknowledged: figure.acknowledged,
    alerts: figure.alerts,
    notAcknowledged: figure.notAcknowledged,
  });
}

/** The median in words, or why there is none. `duration`: keys under `properties.duration`. */
export function describeMedianWait(
  t: Translate<AcknowledgementKey>,
  duration: Translate<DurationKey>,
  format: Formatter,
  figure: AcknowledgementFigure,
): string {
  if (figure.alerts === 0) return t("noAlerts");
  return figure.medianMs === null ? t("noneAcknowledged") : describeDuration(duration, format, figure.medianMs);
}

/** The units a span of time is written in: keys under `properties.duration`. */
export type DurationKey = "seconds" | "minutes" | "hours" | "days";

/**
 * A span of time for people, in their language and formats: "45 s", "4 min", "1 h 12 min",
 * "2 d 3 h". A negative span keeps its sign. `t`: `useTranslations("properties.duration")`.
 */
export function describeDuration(t: Translate<DurationKey>, format: Formatter, ms: number): string {
  const sign = ms < 0 ? "−" : "";
  const seconds = Math.round(Math.abs(ms) / 1000);
  const n = (value: number) => format.number(value);
  if (seconds < 60) return `${sign}${t("seconds", { seconds: n(seconds) })}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${sign}${t("minutes", { minutes: n(minutes) })}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${sign}${t("hours", { hours: n(hours), minutes: n(minutes % 60) })}`;
  return `${sign}${t("days", { days: n(Math.floor(hours / 24)), hours: n(hours % 24) })}`;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
