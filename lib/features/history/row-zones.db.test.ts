import { expect, it } from "vitest";

import { propertyRowKey } from "@/lib/core/property-names";
import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

import { purgePersonalData } from "./purge";
import { readUsageRowZones } from "./row-zones";
import { readStoredReport } from "./stored-reads";

const sim = simulatorPerFile();

const DAY = "2026-11-22";
const NEXT_DAY = "2026-11-23";
const SEASIDE = "Seaside Suites";

describeEachDatabase("which zone each usage row of a shared name is", (db) => {
  it("matches the rows' scans to the zones' stored arrivals, and tells nothing once the guests are purged", async () => {
    await pullAt(db(), sim(), pullTime(NEXT_DAY));
    const usage = (await readStoredReport(db(), "usage", DAY))!.report;
    const guests = (await readStoredReport(db(), "guests", DAY))!.report;
    const day = { day: DAY, scansRecorded: true, byProperty: usage.byProperty };

    // The simulator's truth, read from the API's own bodies: each Seaside row's scans, each zone's arrivals.
    const rows = usage.byProperty.filter((row) => row.propertyName === SEASIDE);
    const arrivalsIn = (zone: string) =>
      guests.items.filter((item) => item.propertyName === SEASIDE && item.propertyTimeZone === zone).length;
    const zones = [...new Set(guests.items.filter((i) => i.propertyName === SEASIDE).map((i) => i.propertyTimeZone))];
    expect(rows).toHaveLength(2);
    expect(zones).toHaveLength(2);
    expect(rows[0]!.scans).not.toBe(rows[1]!.scans);
    const expected = Object.fromEntries(
      rows.map((row, index) => [propertyRowKey(SEASIDE, index), zones.find((zone) => arrivalsIn(zone) === row.scans)]),
    );
    expect(Object.values(expected).every(Boolean)).toBe(true);

    expect(await readUsageRowZones(db(), [day])).toEqual(expected);
    // Not recorded scans tell nothing; nor does a day whose guests Daybook does not hold.
    expect(await readUsageRowZones(db(), [{ ...day, scansRecorded: false }])).toEqual({});
    expect(await readUsageRowZones(db(), [{ ...day, day: "2026-11-21" }])).toEqual({});

    await purgePersonalData(db(), NEXT_DAY, new Date(pullTime(NEXT_DAY)));
    expect(await readUsageRowZones(db(), [day])).toEqual({});
  });
});
