/**
 * Which zone the usage rows of a shared name are, from the stored guest arrivals of the same days
 * (lib/core/property-names.ts matchRowZones): so a page that shows both a day's usage rows and its
 * arrivals calls each property by one label. Read-only.
 */
import { propertyKey } from "@/lib/core/access";
import { isSharedName, matchRowZones, sharedRowNames, type RowZones } from "@/lib/core/property-names";
import type { Executor } from "@/lib/server/db/types";

import { readKnownProperties } from "./known-properties";
import { readCoverageCounts, readStoredGuestParts } from "./screening";

/** One usage day as a page shows it: its rows, and whether its scans were recorded at all. */
export interface UsageRowsDay {
  day: string;
  scansRecorded: boolean;
  byProperty: readonly { propertyName: string; scans: number }[];
}

/** Days as the range screens hold them: `unrecorded` names the columns a day did not record. */
export function rowsDays(
  days: readonly {
    day: string;
    byProperty: readonly { propertyName: string; scans: number }[];
    unrecorded: ReadonlySet<string>;
  }[],
): UsageRowsDay[] {
  return days.map((entry) => ({
    day: entry.day,
    scansRecorded: !entry.unrecorded.has("scans"),
    byProperty: entry.byProperty,
  }));
}

/** How many of a range's newest days are asked: one usually tells, and a year's counts are not read. */
const DAYS_ASKED = 7;

/**
 * The zones of shared names' usage rows told by any of `days` (usually one; the newest of a range for
 * a page of several days, since the API keeps rows in the same order from day to day). A day whose
 * guests are not stored, or purged, tells nothing; two days that disagree leave the row unnamed.
 */
export async function readUsageRowZones(db: Executor, days: readonly UsageRowsDay[]): Promise<RowZones> {
  const usable = days
    .filter((entry) => entry.scansRecorded && sharedRowNames(entry.byProperty).length > 0)
    .sort((a, b) => b.day.localeCompare(a.day))
    .slice(0, DAYS_ASKED);
  if (usable.length === 0) return {};
  const dates = usable.map((entry) => entry.day).sort();
  const from = dates[0]!;
  const to = dates.at(-1)!;
  // Only the shared names' arrivals are counted (a large group's day is tens of thousands of rows),
  // under each spelling Daybook has met for them.
  const known = await readKnownProperties(db);
  const shared = usable.flatMap((entry) => sharedRowNames(entry.byProperty));
  const spellings = [
    ...new Set([...shared, ...known.map((property) => property.name).filter((name) => isSharedName(shared, name))]),
  ];
  const [counts, parts] = await Promise.all([
    readCoverageCounts(db, from, to, spellings),
    readStoredGuestParts(db, from, to),
  ]);
  const storedParts = new Set(
    parts.filter((part) => !part.purged).map((part) => `${part.day}|${propertyKey(part.propertyName)}`),
  );

  const zones: Record<string, string> = {};
  const disputed = new Set<string>();
  for (const entry of usable) {
    const shared = sharedRowNames(entry.byProperty);
    const named = known
      .filter((property) => isSharedName(shared, property.name))
      .filter((property) => storedParts.has(`${entry.day}|${propertyKey(property.name)}`))
      .map((property) => ({
        name: property.name,
        // Every zone the name is known in: a property without arrivals that day counts 0.
        arrivals: property.zones.map((zone) => ({
          zone,
          count: counts
            .filter(
              (count) =>
                count.day === entry.day &&
                count.propertyTimeZone === zone &&
                propertyKey(count.propertyName) === propertyKey(property.name),
            )
            .reduce((sum, count) => sum + count.arrivals, 0),
        })),
      }));
    for (const [key, zone] of Object.entries(matchRowZones(entry.byProperty, named))) {
      if (zones[key] !== undefined && zones[key] !== zone) disputed.add(key);
      zones[key] = zone;
    }
  }
  for (const key of disputed) delete zones[key];
  return zones;
}
