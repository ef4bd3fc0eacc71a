/**
 * How promptly each property's criminal-arrival lists were signed off. A list is one property's
 * criminal arrivals for one local day (checkInDateLocal); it counts once Daybook has stored it, and
 * is due `overdueHours` after that. Only sign-offs still standing (not undone) count.
 */

import { propertyKey } from "@/lib/core/access";
import type { Formatter } from "@/lib/core/format";
import type { StoredSignOffSummary } from "@/lib/features/history/list-counts";
import type { Translate } from "@/lib/features/overview/words";
import { listProperty, listPropertyKey, type ListProperty } from "@/lib/features/review/list";
import type { ReviewWords } from "@/lib/features/review/words";

import { median } from "./acknowledgement";

export interface StoredAlert {
  item: { propertyName: string; checkInDateLocal: string; propertyTimeZone?: string };
  /** A Date, an ISO instant, or ms. */
  pulledAt: Date | string | number;
  /** How many alerts this stands for: a list's part already counted (list-counts.ts); else one. */
  arrivals?: number;
}

export interface StoredList extends ListProperty {
  listDate: string;
  /** When Daybook stored the list (its earliest item's pull), in ms. */
  storedMs: number;
  items: number;
}

export interface SignOffRecord extends ListProperty {
  listDate: string;
  signedOffAt: Date | string;
}

export interface SignOffFigure extends ListProperty {
  /** The property as shown: a shared name with its zone. */
  label: string;
  /** Lists with at least one item. */
  lists: number;
  signedOff: number;
  /** Lists whose time is up: signed off, or open past the deadline. */
  due: number;
  onTime: number;
  /** onTime / due; null when no list is due yet. */
  onTimeShare: number | null;
  /** From stored to signed off, over the lists signed off. */
  medianHours: number | null;
  open: number;
  openOverdue: number;
}

const HOUR_MS = 3_600_000;
const msOf = (instant: Date | string | number) =>
  typeof instant === "number" ? instant : typeof instant === "string" ? Date.parse(instant) : instant.getTime();
/** A list's identity here (listId's parts, without its JSON): a year is 70,000 lists and as many sign-offs. */
const idOf = (list: { propertyName: string; zone: string | null; listDate: string }) =>
  `${propertyKey(list.propertyName)}\u0000${list.zone ?? ""}\u0000${list.listDate}`;

/** The stored alerts (one by one, or counted) grouped into lists. */
export function listsOf(alerts: readonly StoredAlert[]): StoredList[] {
  const lists = new Map<string, StoredList>();
  for (const { item, pulledAt, arrivals = 1 } of alerts) {
    const zone = item.propertyTimeZone ?? null;
    const id = idOf({ propertyName: item.propertyName, zone, listDate: item.checkInDateLocal });
    const storedMs = msOf(pulledAt);
    const list = lists.get(id);
    if (!list)
      lists.set(id, {
        propertyName: item.propertyName,
        zone,
        listDate: item.checkInDateLocal,
        storedMs,
        items: arrivals,
      });
    else {
      list.items += arrivals;
      if (storedMs < list.storedMs) list.storedMs = storedMs;
    }
  }
  return [...lists.values()];
}

/**
 * A property's lists of a range with their sign-offs already summed up
 * (lib/features/history/list-counts.ts). Medians do not add up: a summary is the only thing given
 * for its property.
 */
export type SignOffSummary = StoredSignOffSummary & ListProperty;

/**
 * One figure per property (every one of `properties`, and any a list or a summary names;
 * same-named properties apart by zone). A sign-off recorded before the list was stored (say, of
 * yesterday's live list) counts as 0 hours: on time.
 */
export function signOffFigures(
  lists: readonly StoredList[],
  signOffs: readonly SignOffRecord[],
  { overdueHours, now }: { overdueHours: number; now: Date },
  properties: readonly ListProperty[] = [],
  summaries: readonly SignOffSummary[] = [],
  /** The person's words for the properties' labels; English by default. */
  t?: ReviewWords,
): SignOffFigure[] {
  const signed = new Map(signOffs.map((record) => [idOf(record), msOf(record.signedOffAt)]));
  const deadlineMs = overdueHours * HOUR_MS;
  const byProperty = new Map<
    string,
    {
      property: ListProperty;
      lists: number;
      due: number;
      onTime: number;
      tookMs: number[];
      open: number;
      openOverdue: number;
      summary: SignOffSummary | null;
    }
  >();
  const entryOf = (property: ListProperty) => {
    const key = listPropertyKey(property);
    let entry = byProperty.get(key);
    if (!entry)
      byProperty.set(
        key,
        (entry = { property, lists: 0, due: 0, onTime: 0, tookMs: [], open: 0, openOverdue: 0, summary: null }),
      );
    return entry;
  };
  for (const property of properties) entryOf(property);
  const mixed = (name: string) => new Error(`${name}: a summed-up property's lists cannot take more lists`);

  for (const summary of summaries) {
    const entry = entryOf({ propertyName: summary.propertyName, zone: summary.zone });
    if (entry.summary !== null || entry.lists > 0) throw mixed(summary.propertyName);
    entry.summary = summary;
  }
  for (const list of lists) {
    const entry = entryOf({ propertyName: list.propertyName, zone: list.zone });
    if (entry.summary !== null) throw mixed(list.propertyName);
    entry.lists += 1;
    const storedMs = list.storedMs;
    const signedMs = signed.get(idOf(list));
    if (signedMs === undefined) {
      entry.open += 1;
      if (now.getTime() - storedMs > deadlineMs) {
        entry.openOverdue += 1;
        entry.due += 1;
      }
      continue;
    }
    const took = Math.max(0, signedMs - storedMs);
    entry.tookMs.push(took);
    entry.due += 1;
    if (took <= deadlineMs) entry.onTime += 1;
  }

  return [...byProperty.values()].map(({ property, summary, ...entry }) => {
    const counts = summary
      ? { ...summary, due: summary.signedOff + summary.openOverdue }
      : { ...entry, signedOff: entry.tookMs.length, medianMs: median(entry.tookMs) };
    return {
      ...property,
      label: listProperty(property, t),
      lists: counts.lists,
      signedOff: counts.signedOff,
      due: counts.due,
      onTime: counts.onTime,
      onTimeShare: counts.due === 0 ? null : (counts.onTime * 100) / counts.due,
      // The median of the waits in ms, then in hours: the same figure whichever way it was counted.
      medianHours: counts.medianMs === null ? null : counts.medianMs / HOUR_MS,
      open: counts.open,
      openOverdue: counts.openOverdue,
    };
  });
}

/** The words a property's sign-off cells need: keys under `properties.signOff.cells`. */
export type SignOffCellKey =
  "noLists" | "listsSigned" | "noneSignedOff" | "hours" | "noneDue" | "onTime" | "noneOpen" | "openOverdue";

const UP_TO_ONE_DECIMAL = { maximumFractionDigits: 1 } as const;

/** "3 of 4", or "No lists". */
export function describeSignedOff(t: Translate<SignOffCellKey>, format: Formatter, figure: SignOffFigure): string {
  if (figure.lists === 0) return t("noLists");
  return t("listsSigned", { signedOff: format.number(figure.signedOff), lists: format.number(figure.lists) });
}

/** "2.5 h", or why there is no figure. */
export function describeMedianHours(t: Translate<SignOffCellKey>, format: Formatter, figure: SignOffFigure): string {
  if (figure.lists === 0) return t("noLists");
  if (figure.medianHours === null) return t("noneSignedOff");
  return t("hours", { hours: format.number(figure.medianHours, UP_TO_ONE_DECIMAL) });
}

/** "3 of 4 (75 %)", or why there is no share yet. */
export function describeOnTime(t: Translate<SignOffCellKey>, format: Formatter, figure: SignOffFigure): string {
  if (figure.lists === 0) return t("noLists");
  if (figure.onTimeShare === null) return t("noneDue");
  return t("onTime", {
    onTime: format.number(figure.onTime),
    due: format.number(figure.due),
    share: format.number(figure.onTimeShare, UP_TO_ONE_DECIMAL),
  });
}

/** "2 (1 overdue)". */
export function describeOpen(t: Translate<SignOffCellKey>, format: Formatter, figure: SignOffFigure): string {
  if (figure.open === 0) return t("noneOpen");
  return figure.openOverdue > 0
    ? t("openOverdue", { open: format.number(figure.open), overdue: format.number(figure.openOverdue) })
    : format.number(figure.open);
}
