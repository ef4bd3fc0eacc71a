import "server-only";

import { canSeeProperty, propertyKey, type PropertyScope } from "@/lib/core/access";
import { pageOf, type Page } from "@/lib/core/paging";
import { arrivalPropertyLabel, propertyZoneOf, type PropertyNameWords } from "@/lib/core/property-names";
import { readAlertTimes, readWaitPercentiles, type AlertTime } from "@/lib/features/history/acknowledgements";
import { readStoredCriminalArrivalTimes } from "@/lib/features/history/criminal-range";
import { readKnownProperties } from "@/lib/features/history/known-properties";
import { readListWaits } from "@/lib/features/history/list-counts";
import { placeArrivals } from "@/lib/features/history/placement";
import { listStoredDays } from "@/lib/features/history/stored-days";
import { criminalNotKeptFor } from "@/lib/features/privacy/server";
import type { Executor } from "@/lib/server/db/types";

import {
  ageing,
  orderProperties,
  rankProperties,
  responseFigures,
  ResponseTally,
  waitOf,
  type AgeingKey,
  type PropertyResponse,
  type ResponseFigures,
} from "./response-figures";
import { hourLabel, isZone, localSlot, WEEKDAYS } from "./response-time";
import type { ResponseQuery, ResponseSort } from "./response-view";
import { INVESTIGATION_PAGE_SIZE, windowBounds, type WindowDays } from "./view";

/**
 * Alert response for a person: each of their properties' acknowledgement percentiles from the
 * per-list counts, and the window's alerts one by one (check-in and acknowledgement only) for the
 * breakdowns by hour and weekday on each property's clock and the alerts not acknowledged.
 */

/** An alert the desk has not acknowledged, with how long it has waited. */
export interface UnacknowledgedAlert {
  label: string;
  propertyName: string;
  /** The zone its times are shown in; null where Daybook knows none (then UTC, said so). */
  zone: string | null;
  /** Where the list opens: the name a filter takes; null for a name several properties share. */
  filterName: string | null;
  day: string;
  checkInAtUtc: string;
  ageMs: number;
}

export interface SlotResponse {
  label: string;
  figures: ResponseFigures;
}

export interface AlertResponse {
  window: WindowDays;
  /** The properties are ranked (for the people who compare properties), else in name order. */
  ranked: boolean;
  /** The order of the ranked table (the ranking unless another was asked for). */
  sort: ResponseSort;
  from: string;
  to: string;
  /** Criminal-arrival days stored in the window, and those whose guest data retention removed. */
  storedDays: number;
  purgedDays: number;
  /** Every property of the person's, by label, for the filter; empty for one property. */
  choices: string[];
  /** The property the screen is filtered to (its label); null for every property. */
  property: string | null;
  /** `?property=` named none of the person's properties: every property is shown, saying so. */
  unknownProperty: string | null;
  /** The chosen properties in the table's order (ranked, in the order asked for; else by name), a page of them. */
  properties: Page<PropertyResponse>;
  /** The chosen properties' alerts together. */
  overall: ResponseFigures;
  /** The chosen properties whose policy keeps no criminal details (none of their figures exist). */
  notKept: number;
  /** The zones the hours and weekdays are read in, and the alerts left out for want of one. */
  zones: string[];
  unzoned: number;
  hours: SlotResponse[];
  weekdays: SlotResponse[];
  ageing: { key: AgeingKey; alerts: number }[];
  /** Oldest first, a page at a time. */
  unacknowledged: Page<UnacknowledgedAlert>;
}

/** One property of the person: a name, and its zone where several properties share the name. */
interface Row {
  key: string;
  propertyName: string;
  /** Set for a shared name's property (null for its alerts Daybook could not place). */
  zone: string | null;
  shared: boolean;
  label: string;
  notKeptBy: string | null;
}

const rowKey = (name: string, zone: string | null) => JSON.stringify([propertyKey(name), zone]);

/** Alert times with the property row each belongs to. */
type Placed = AlertTime & { row: string };

export async function alertResponseFor(
  db: Executor,
  scope: PropertyScope,
  query: ResponseQuery,
  {
    now,
    ranked,
    pageSize = INVESTIGATION_PAGE_SIZE,
    words,
  }: {
    now: Date;
    ranked: boolean;
    /** Rows a page: a file asks for every row at once. */
    pageSize?: number;
    /** The person's words for the properties' labels (the filter's choices); English by default. */
    words?: PropertyNameWords;
  },
): Promise<AlertResponse> {
  const { from, to } = windowBounds(now, query.window);
  const [known, notKept, percentiles, days] = await Promise.all([
    readKnownProperties(db),
    criminalNotKeptFor(db, scope),
    readWaitPercentiles(db, from, to),
    listStoredDays(db, "criminal-arrivals"),
  ]);
  const visibleKnown = known.filter((property) => canSeeProperty(scope, property.name));
  const shared = visibleKnown.filter((property) => property.zones.length > 1).map((property) => property.name);
  const isShared = (name: string) => shared.some((entry) => propertyKey(entry) === propertyKey(name));
  const policyOf = new Map(notKept.map((entry) => [propertyKey(entry.propertyName), entry.policy]));
  const visible = percentiles.filter((entry) => canSeeProperty(scope, entry.propertyName));

  // Every property of the person's: the known ones (a shared name once per zone), and any name only the lists spell.
  const rows = new Map<string, Row>();
  const addRow = (propertyName: string, zone: string | null, isSharedName: boolean) => {
    const key = rowKey(propertyName, isSharedName ? zone : null);
    if (rows.has(key)) return;
    rows.set(key, {
      key,
      propertyName,
      zone: isSharedName ? zone : null,
      shared: isSharedName,
      label: arrivalPropertyLabel({ propertyName, propertyTimeZone: zone ?? undefined }, shared, words),
      notKeptBy: policyOf.get(propertyKey(propertyName)) ?? null,
    });
  };
  for (const property of visibleKnown) {
    if (property.zones.length > 1) for (const zone of property.zones) addRow(property.name, zone, true);
    else addRow(property.name, null, false);
  }
  for (const entry of visible) if (!isShared(entry.propertyName)) addRow(entry.propertyName, null, false);
  for (const entry of notKept) if (!isShared(entry.propertyName)) addRow(entry.propertyName, null, false);

  // The filter, by label as the screen offers it.
  const allRows = [...rows.values()];
  const wanted = query.property === undefined ? undefined : propertyKey(query.property);
  const chosenRow = wanted === undefined ? undefined : allRows.find((row) => propertyKey(row.label) === wanted);
  const chosen = (row: Row) => chosenRow === undefined || row.key === chosenRow.key;

  // Shared names' alerts are placed in their zones (placement reads the guest's name, here only);
  // the rest are read lean, only the chosen properties' spellings.
  const sharedSpellings = visible.filter((entry) => isShared(entry.propertyName)).map((entry) => entry.propertyName);
  const placedShared: Placed[] = [];
  if (sharedSpellings.length > 0) {
    const alerts = (await readStoredCriminalArrivalTimes(db, from, to, sharedSpellings)).map(({ item }) => item);
    for (const item of await placeArrivals(db, alerts, shared)) {
      const key = rowKey(item.propertyName, item.propertyTimeZone ?? null);
      if (!rows.has(key)) addRow(item.propertyName, item.propertyTimeZone ?? null, true);
      placedShared.push({ ...item, day: item.checkInDateLocal, row: key });
    }
  }
  const kept = (row: Row) => row.notKeptBy === null;
  const leanSpellings = visible
    .filter((entry) => !isShared(entry.propertyName))
    .filter((entry) => {
      const row = rows.get(rowKey(entry.propertyName, null))!;
      return chosen(row) && kept(row);
    })
    .map((entry) => entry.propertyName);
  const lean: Placed[] = (
    scope.allProperties && chosenRow === undefined && notKept.length === 0
      ? await readAlertTimes(db, from, to, { except: sharedSpellings })
      : await readAlertTimes(db, from, to, { only: leanSpellings })
  ).map((alert) => ({ ...alert, row: rowKey(alert.propertyName, null) }));

  // Each property's figures: one spelling's from the database's percentiles; several spellings of
  // one property read their waits to take the percentiles together; a shared name's from its placed alerts.
  const figures = new Map<string, ResponseFigures>();
  const spellingsOf = new Map<string, string[]>();
  for (const entry of visible) {
    if (isShared(entry.propertyName)) continue;
    const key = rowKey(entry.propertyName, null);
    spellingsOf.set(key, [...(spellingsOf.get(key) ?? []), entry.propertyName]);
  }
  const together = [...spellingsOf.values()].filter((names) => names.length > 1).flat();
  const waits = await readListWaits(db, from, to, together);
  for (const [key, names] of spellingsOf) {
    if (names.length === 1) {
      const entry = visible.find((candidate) => candidate.propertyName === names[0])!;
      figures.set(key, {
        alerts: entry.arrivals,
        acknowledged: entry.acknowledged,
        notAcknowledged: entry.arrivals - entry.acknowledged,
        p50Ms: entry.p50Ms,
        p90Ms: entry.p90Ms,
      });
    } else {
      const parts = waits.filter((part) => names.includes(part.propertyName));
      figures.set(
        key,
        responseFigures(
          parts.reduce((sum, part) => sum + part.arrivals, 0),
          parts.flatMap((part) => part.waitsMs),
        ),
      );
    }
  }
  const sharedTallies = new Map<string, ResponseTally>();
  for (const alert of placedShared) {
    const tally = sharedTallies.get(alert.row) ?? new ResponseTally();
    tally.add(waitOf(alert));
    sharedTallies.set(alert.row, tally);
  }
  for (const [key, tally] of sharedTallies) figures.set(key, tally.figures());

  // Ranked among all the person's properties, then narrowed: a property filtered to keeps its place.
  const responses: (PropertyResponse & { key: string })[] = [...rows.values()].map((row) => {
    const found = figures.get(row.key);
    return {
      key: row.key,
      label: row.label,
      propertyName: row.propertyName,
      zone: row.zone,
      state:
        row.notKeptBy !== null
          ? { kind: "not-kept", policy: row.notKeptBy }
          : found && found.alerts > 0
            ? { kind: "alerts", figures: found, rank: null }
            : { kind: "no-alerts" },
    };
  });
  const ordered = (
    ranked
      ? orderProperties(rankProperties(responses), query.sort ?? "fastest")
      : responses.sort((a, b) => a.label.localeCompare(b.label, "en"))
  )
    .filter((entry) => chosen(rows.get(entry.key)!))
    .map((entry): PropertyResponse => ({
      label: entry.label,
      propertyName: entry.propertyName,
      zone: entry.zone,
      state: entry.state,
    }));

  const { unacknowledgedAll, ...breakdowns } = breakdownsOf(
    [...lean, ...placedShared].filter((alert) => {
      const row = rows.get(alert.row);
      return row !== undefined && chosen(row) && kept(row);
    }),
    rows,
    visibleKnown,
    now,
  );
  const inWindow = days.filter((copy) => copy.reportedDate >= from && copy.reportedDate <= to);
  return {
    window: query.window,
    ranked,
    sort: query.sort ?? "fastest",
    from,
    to,
    storedDays: inWindow.length,
    purgedDays: inWindow.filter((copy) => copy.itemsPurgedAt !== null).length,
    choices: rows.size > 1 ? allRows.map((row) => row.label).sort((a, b) => a.localeCompare(b, "en")) : [],
    property: chosenRow?.label ?? null,
    unknownProperty: query.property !== undefined && chosenRow === undefined ? query.property : null,
    properties: pageOf(ordered, query.page, pageSize),
    notKept: ordered.filter((entry) => entry.state.kind === "not-kept").length,
    ...breakdowns,
    unacknowledged: pageOf(unacknowledgedAll, query.alerts, pageSize),
  };
}

/** The chosen alerts together, by hour and weekday on each property's clock, and those not acknowledged. */
function breakdownsOf(
  alerts: readonly Placed[],
  rows: ReadonlyMap<string, Row>,
  known: readonly { name: string; zones: readonly string[] }[],
  now: Date,
) {
  const overall = new ResponseTally();
  const hours = Array.from({ length: 24 }, () => new ResponseTally());
  const weekdays = WEEKDAYS.map(() => new ResponseTally());
  const zones = new Set<string>();
  const zoneOfRow = new Map<string, string | null>();
  let unzoned = 0;
  const unacknowledgedAll: UnacknowledgedAlert[] = [];
  for (const alert of alerts) {
    const row = rows.get(alert.row)!;
    let zone = zoneOfRow.get(row.key);
    if (zone === undefined) {
      const found = propertyZoneOf(known, row.propertyName, row.zone);
      zone = found !== null && isZone(found) ? found : null;
      zoneOfRow.set(row.key, zone);
    }
    const wait = waitOf(alert);
    overall.add(wait);
    if (zone === null) unzoned += 1;
    else {
      zones.add(zone);
      const slot = localSlot(alert.checkInAtUtc, zone);
      hours[slot.hour]!.add(wait);
      weekdays[slot.weekday]!.add(wait);
    }
    if (wait === null)
      unacknowledgedAll.push({
        label: row.label,
        propertyName: row.propertyName,
        zone,
        filterName: row.shared ? null : row.propertyName,
        day: alert.day,
        checkInAtUtc: alert.checkInAtUtc,
        ageMs: Math.max(0, now.getTime() - Date.parse(alert.checkInAtUtc)),
      });
  }
  unacknowledgedAll.sort((a, b) => b.ageMs - a.ageMs || a.label.localeCompare(b.label, "en"));
  return {
    overall: overall.figures(),
    zones: [...zones].sort(),
    unzoned,
    hours: hours.map((tally, hour) => ({ label: hourLabel(hour), figures: tally.figures() })),
    weekdays: weekdays.map((tally, day) => ({ label: WEEKDAYS[day]!, figures: tally.figures() })),
    ageing: ageing(
      unacknowledgedAll.map((alert) => Date.parse(alert.checkInAtUtc)),
      now.getTime(),
    ),
    unacknowledgedAll,
  };
}
