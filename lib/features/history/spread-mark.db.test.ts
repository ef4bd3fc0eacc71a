/**
 * SIGNAL.spread, marked as guest days are stored: an arrival whose document arrived at another
 * property within SPREAD_MARK_DAYS days either side, whichever of the days was stored first. The rule
 * of three properties within a week reads only these arrivals' documents.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { addDays } from "@/lib/core/days";
import { SIGNAL, SPREAD_MARK_DAYS } from "@/lib/core/match-outcomes";
import { storeReport } from "@/lib/features/history/store";
import { SPREAD_DAYS } from "@/lib/features/investigations/repeat-visitors";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { storedItems } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";
import { guestItem, guestsReport } from "@/tests/support/report-fixtures";

const day = (n: number) => addDays("2026-11-01", n);
const HARBOUR = { propertyName: "Harbour View Hotel", propertyTimeZone: "Pacific/Honolulu" };
const RIVERSIDE = { propertyName: "Riverside & Co. Hotel", propertyTimeZone: "America/New_York" };
const ZURICH = { propertyName: "Grand Hotel Zürich", propertyTimeZone: "Europe/Zurich" };
const SEASIDE_LA = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
const SEASIDE_NY = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };

function stay(document: string, property: typeof HARBOUR, n: number, lastName: string) {
  return guestItem({
    ...property,
    checkInDateLocal: day(n),
    checkInAtUtc: `${day(n)}T20:00:00Z`,
    firstName: "Test",
    lastName,
    identificationNumber: document,
  });
}

const STAYS = [
  // Three properties in six days: every arrival marked.
  stay("WIDE-1", HARBOUR, 11, "Wide"),
  stay("WIDE-1", RIVERSIDE, 13, "Wide"),
  stay("WIDE-1", ZURICH, 17, "Wide"),
  // One property, twice: nothing to mark.
  stay("HOME-1", HARBOUR, 11, "Home"),
  stay("HOME-1", HARBOUR, 13, "Home"),
  // Two properties nine days apart: too far apart.
  stay("FAR-1", HARBOUR, 1, "Far"),
  stay("FAR-1", RIVERSIDE, 10, "Far"),
  // A shared name in two zones is two properties.
  stay("ZONE-1", SEASIDE_LA, 12, "Zone"),
  stay("ZONE-1", SEASIDE_NY, 13, "Zone"),
];

/** Each test guest's arrivals, as "last name day marked", in a fixed order. */
async function marks(db: Parameters<typeof storeReport>[0]) {
  const { rows } = await db.execute<{ last_name: string; day: string; signals: number }>(sql`
    select item->>'l' as last_name, check_in_date_local as day, signals from ${storedItems}
    order by item->>'l', check_in_date_local, property_name, property_time_zone`);
  return rows.map((row) => `${row.last_name} ${row.day} ${(Number(row.signals) & SIGNAL.spread) !== 0}`);
}

it("marks at least as far as the rule of three properties looks", () => {
  expect(SPREAD_DAYS).toBeLessThanOrEqual(SPREAD_MARK_DAYS);
});

describeEachDatabase("the spread mark", (db) => {
  it("marks both arrivals of a document at two properties days apart, whichever day was stored first", async () => {
    // Newest day first, then the oldest, then the rest: a day stored late marks the days around it.
    const days = [...new Set(STAYS.map((item) => item.checkInDateLocal))].sort().reverse();
    const order = [days[0]!, ...days.slice(1).reverse()];
    for (const stored of order) {
      const items = STAYS.filter((item) => item.checkInDateLocal === stored);
      await storeReport(db(), "guests", guestsReport(items, { reportedDateLocal: stored }) as never, {
        pulledAt: new Date(`${addDays(stored, 1)}T11:30:00Z`),
        privacy: await readStorePrivacy(db()),
      });
    }
    expect(await marks(db())).toEqual([
      `Far ${day(1)} false`,
      `Far ${day(10)} false`,
      `Home ${day(11)} false`,
      `Home ${day(13)} false`,
      `Wide ${day(11)} true`,
      `Wide ${day(13)} true`,
      `Wide ${day(17)} true`,
      `Zone ${day(12)} true`,
      `Zone ${day(13)} true`,
    ]);
  });
});
