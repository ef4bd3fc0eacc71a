/**
 * The key's properties as the store knows them (known_properties): the zones each name's arrivals
 * named, and the names the latest usage answer listed. Learned from every answer before it is
 * stored, so each property's part is kept under its own day.
 */
import { knownProperties, storedCoverage, type StoredEndpoint } from "@/lib/server/db/schema";
import type { Executor } from "@/lib/server/db/types";
import type { UsageReport } from "@/lib/server/partner-api/schemas";

import { INSERT_BATCH } from "./insert-batch";
import type { KeptGuestsReport as GuestsReport, ReportOf } from "./kept";
import type { PropertyZones } from "./property-days";

/**
 * What the store knows of the key's properties, after learning from this answer: the zones each
 * name's arrivals named, and the names the latest usage answer listed (the key's reach). A pull
 * learns from all its answers before it stores any (`learnProperties` first), so the first pull
 * already places each property in its own day.
 */
export async function learnProperties(
  db: Executor,
  endpoint: StoredEndpoint,
  report: ReportOf<StoredEndpoint>,
  pulledAt: Date,
): Promise<{ zones: Map<string, string[]>; listed: string[] }> {
  const rows = await db.select().from(knownProperties).for("update");
  const zones = new Map(rows.map((row) => [row.propertyName, row.timeZones]));
  if (endpoint === "guests") {
    const changed = new Set<string>();
    for (const item of (report as GuestsReport).items) {
      const current = zones.get(item.propertyName) ?? [];
      if (!current.includes(item.propertyTimeZone)) {
        zones.set(item.propertyName, [...current, item.propertyTimeZone]);
        changed.add(item.propertyName);
      }
    }
    for (const name of changed) {
      const timeZones = zones.get(name)!;
      await db
        .insert(knownProperties)
        .values({ propertyName: name, timeZones })
        .onConflictDoUpdate({ target: knownProperties.propertyName, set: { timeZones } });
    }
  }
  if (endpoint !== "usage") return { zones, listed: currentNames(rows) };

  const listed = [...new Set((report as UsageReport).byProperty.map((row) => row.propertyName))];
  for (let start = 0; start < listed.length; start += INSERT_BATCH) {
    await db
      .insert(knownProperties)
      .values(listed.slice(start, start + INSERT_BATCH).map((name) => ({ propertyName: name, listedAt: pulledAt })))
      .onConflictDoUpdate({ target: knownProperties.propertyName, set: { listedAt: pulledAt } });
  }
  return { zones, listed };
}

/** The names the latest usage answer listed; before any, every name the arrivals told. */
function currentNames(rows: { propertyName: string; listedAt: Date | null }[]): string[] {
  const newest = Math.max(0, ...rows.map((row) => row.listedAt?.getTime() ?? 0));
  return rows.filter((row) => newest === 0 || row.listedAt?.getTime() === newest).map((row) => row.propertyName);
}

/** The key's properties as last listed, with the zones their arrivals named. */
export async function readKnownProperties(db: Executor): Promise<PropertyZones[]> {
  const rows = await db.select().from(knownProperties);
  const current = new Set(currentNames(rows));
  return rows
    .filter((row) => current.has(row.propertyName))
    .map((row) => ({ name: row.propertyName, zones: row.timeZones }));
}

/** Every property name the store has met, with the zones its arrivals named (none for a name without arrivals). */
export async function readPropertyZones(db: Executor): Promise<Map<string, readonly string[]>> {
  const [known, covered] = await Promise.all([
    db.select().from(knownProperties),
    db.selectDistinct({ name: storedCoverage.propertyName }).from(storedCoverage),
  ]);
  const zones = new Map<string, readonly string[]>(covered.map((row) => [row.name, []]));
  for (const row of known) zones.set(row.propertyName, row.timeZones);
  return zones;
}
