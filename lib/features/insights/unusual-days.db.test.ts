import { afterAll, beforeAll, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { addDays, daysEnding } from "@/lib/core/days";
import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import type { UsageReport } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { unusualDaysFor } from "./server";

/**
 * The unusual days listed from usage days stored from the real simulator: the demo's 30 days up to
 * 2026-11-22, whose Harbour View Hotel has a kiosk outage (manual entry about 45 %) on 2026-11-17,
 * with 23 stored days before it.
 */

const NEWEST = "2026-11-22";
const OUTAGE = "2026-11-17";
const HARBOUR = "Harbour View Hotel";
const REGIONAL: PropertyScope = { allProperties: false, properties: [HARBOUR, "Riverside & Co. Hotel"] };
const ALL: PropertyScope = { allProperties: true, properties: [] };
const STORED_DAYS = daysEnding(NEWEST, 30);
const pullTime = (day: string) => new Date(`${addDays(day, 1)}T12:00:00Z`);

let sim: LaunchedSimulator;
const pulled: UsageReport[] = [];

beforeAll(async () => {
  sim = await launchSimulator();
  const api = apiFor(sim);
  for (const day of STORED_DAYS) {
    await sim.setClock(pullTime(day).toISOString());
    pulled.push(await api.usage());
  }
}, 120_000);

afterAll(async () => {
  await sim?.close();
});

describeEachDatabase("unusual days listed from stored history", (db) => {
  it("stores the demo's days", async () => {
    const privacy = await readStorePrivacy(db());
    for (const usage of pulled) {
      const result = await storeReport(db(), "usage", usage, { pulledAt: pullTime(usage.reportedDateLocal), privacy });
      expect(result).toMatchObject({ result: "stored" });
    }
  });

  it("lists the outage at Harbour View Hotel with its figure and usual range, the person's properties only", async () => {
    const list = await unusualDaysFor(db(), REGIONAL, 30);
    expect(list.days).toEqual(STORED_DAYS);
    expect(list.properties.map((property) => property.label).sort()).toEqual([HARBOUR, "Riverside & Co. Hotel"]);
    expect(list.rows.every((row) => REGIONAL.properties.includes(row.propertyName))).toBe(true);
    const row = list.rows.find((entry) => entry.day === OUTAGE && entry.propertyName === HARBOUR);
    const served = pulled
      .find((usage) => usage.reportedDateLocal === OUTAGE)!
      .byProperty.find((entry) => entry.propertyName === HARBOUR)!;
    expect(row).toMatchObject({
      rate: "manualShare",
      direction: "above",
      value: (served.manualEntry * 100) / served.scans,
    });
    expect(row!.value).toBeGreaterThan(row!.high);
    // Newest first.
    expect(list.rows.map((entry) => entry.day)).toEqual([...list.rows.map((entry) => entry.day)].sort().reverse());
  });

  it("covers the range's newest stored days up to a chosen day, and fewer when fewer are stored", async () => {
    const week = await unusualDaysFor(db(), ALL, 7, addDays(OUTAGE, 1));
    expect(week.days).toEqual(daysEnding(addDays(OUTAGE, 1), 7));
    expect(week.rows.some((row) => row.day === OUTAGE && row.propertyName === HARBOUR)).toBe(true);
    expect((await unusualDaysFor(db(), ALL, 90)).days).toEqual(STORED_DAYS);
    const before = await unusualDaysFor(db(), ALL, 7, addDays(OUTAGE, -1));
    expect(before.rows.some((row) => row.day === OUTAGE)).toBe(false);
  });

  it("lists nothing for a person without properties, and nothing before any day is stored", async () => {
    const none = await unusualDaysFor(db(), { allProperties: false, properties: [] }, 30);
    expect(none).toMatchObject({ rows: [], properties: [] });
    expect(await unusualDaysFor(db(), ALL, 30, addDays(STORED_DAYS[0]!, -1))).toEqual({
      range: 30,
      days: [],
      rows: [],
      properties: [],
    });
  });
});
