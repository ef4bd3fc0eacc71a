import type { APIRequestContext } from "@playwright/test";

import { kioskOutagesBetween } from "@/simulator/data/unusual-days";

import { E2E_CLOCK } from "./clock";
import { simulatorControl, simulatorReport } from "./simulator";

/**
 * The days of the demo history the e2e server pulls (e2e/support/demo-history.ts), as the specs
 * that read them name them, and the simulator's own answer for one of them.
 */

export const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);

/** Days of demo history the suite's server holds. */
export const DEMO_HISTORY_DAYS = 30;
/** The demo history's newest day: the day before the suite's clock (which lies in the daily window). */
export const DEMO_NEWEST = addDays(E2E_CLOCK.slice(0, 10), -1);
/** Its oldest day. */
export const DEMO_OLDEST = addDays(DEMO_NEWEST, -(DEMO_HISTORY_DAYS - 1));
/** Harbour View Hotel's kiosk outage with at least 14 stored days before it: 2026-11-17 on the suite's default clock. */
export const KIOSK_OUTAGE = kioskOutagesBetween(addDays(DEMO_OLDEST, 14), DEMO_NEWEST)[0]!;

/** The simulator's own usage rows of a past day: its clock moved into the day after, then back. */
export async function usageRowsOn<Row = { propertyName: string; scans: number; manualEntry: number }>(
  request: APIRequestContext,
  day: string,
): Promise<Row[]> {
  const simulator = simulatorControl(request);
  await simulator.setClock(`${addDays(day, 1)}T11:30:00Z`);
  try {
    return ((await simulatorReport(request, "usage/dashboard")) as { byProperty: Row[] }).byProperty;
  } finally {
    await simulator.restoreClock();
  }
}

/** Harbour View Hotel's row of a past day, from the simulator. */
export async function harbourOn(request: APIRequestContext, day: string) {
  return (await usageRowsOn(request, day)).find((row) => row.propertyName === "Harbour View Hotel")!;
}
