import { expect, type Page } from "@playwright/test";

import { simulatorControl, simulatorReport } from "./simulator";

interface Row {
  propertyName: string;
  scans: number;
}
interface Arrival {
  propertyName: string;
  propertyTimeZone: string;
}

/**
 * The usage rows' labels as every screen and export shows them, by a rule written out here rather
 * than imported, so the tests check Daybook's labels against a rule of their own. A name several
 * properties share says its zone, "Seaside Suites (Los Angeles time)", where the day's arrivals count
 * exactly one zone per row's scans, all different; else it is numbered in the API's order,
 * "Seaside Suites (1 of 2)".
 */
export function labelsOf(rows: readonly Row[], arrivals: readonly Arrival[] = []): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const same = rows.filter((other) => other.propertyName === row.propertyName);
    const nth = (seen.get(row.propertyName) ?? 0) + 1;
    seen.set(row.propertyName, nth);
    if (same.length === 1) return row.propertyName;
    const perZone = new Map<string, number>();
    for (const arrival of arrivals.filter((item) => item.propertyName === row.propertyName)) {
      perZone.set(arrival.propertyTimeZone, (perZone.get(arrival.propertyTimeZone) ?? 0) + 1);
    }
    const scans = same.map((other) => other.scans);
    const zone = [...perZone].find(([, count]) => count === row.scans)?.[0];
    const certain =
      perZone.size === same.length &&
      new Set(scans).size === same.length &&
      new Set(perZone.values()).size === same.length &&
      scans.every((value) => [...perZone.values()].includes(value));
    return certain && zone
      ? `${row.propertyName} (${zone.split("/").at(-1)!.replace(/_/g, " ")} time)`
      : `${row.propertyName} (${nth} of ${same.length})`;
  });
}

/**
 * The simulator's usage report of the day and its rows' labels once Daybook holds that day's guests
 * (asked for here as the signed-in person), so a shared name is labelled by its zone.
 */
export async function usageWithHeldGuests<U extends { byProperty: Row[] }>(
  page: Page,
): Promise<{ usage: U; labels: string[] }> {
  const usage = (await simulatorControl(page.request).usage()) as U;
  const guests = (await simulatorReport(page.request, "guests")) as { items: Arrival[] };
  const held = await page.request.get("/api/reports/guests");
  expect(held.status(), "Daybook's guests of the day").toBe(200);
  return { usage, labels: labelsOf(usage.byProperty, guests.items) };
}
