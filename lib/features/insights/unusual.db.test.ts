import { afterAll, beforeAll, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { addDays, daysEnding } from "@/lib/core/days";
import { propertyRowKey } from "@/lib/core/property-names";
import { storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import type { UsageReport } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

import { unusualBaselinesFor } from "./server";
import { judge, marksForRow, RATE_SPECS } from "./unusual";

/**
 * The usual ranges read from usage days stored from the real simulator, whose Harbour View Hotel
 * has a kiosk outage (manual entry about 45 %) on 2026-11-17: checked against the median worked out
 * here from the reports as the simulator served them.
 */

const OUTAGE_DAY = "2026-11-17";
const HARBOUR = "Harbour View Hotel";
const REGIONAL: PropertyScope = { allProperties: false, properties: [HARBOUR, "Riverside & Co. Hotel"] };
/** The 16 days before the outage: enough history for it, and not enough for a day a week earlier. */
const STORED_DAYS = daysEnding(addDays(OUTAGE_DAY, -1), 16);
const pullTime = (day: string) => new Date(`${addDays(day, 1)}T12:00:00Z`);

let sim: LaunchedSimulator;
const pulled: UsageReport[] = [];
let outage: UsageReport;

beforeAll(async () => {
  sim = await launchSimulator();
  const api = apiFor(sim);
  for (const day of [...STORED_DAYS, OUTAGE_DAY]) {
    await sim.setClock(pullTime(day).toISOString());
    const usage = await api.usage();
    if (day === OUTAGE_DAY) outage = usage;
    else pulled.push(usage);
  }
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

const share = (report: UsageReport, name: string) => {
  const row = report.byProperty.find((entry) => entry.propertyName === name)!;
  return { value: (row.manualEntry * 100) / row.scans, scans: row.scans };
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describeEachDatabase("unusual days from stored history", (db) => {
  it("stores the days before the outage", async () => {
    for (const usage of pulled) {
      const result = await storeReport(db(), "usage", usage, {
        pulledAt: pullTime(usage.reportedDateLocal),
        privacy: await readStorePrivacy(db()),
      });
      expect(result).toMatchObject({ result: "stored" });
    }
  });

  it("reads each of the person's properties' usual range from the stored days before the day", async () => {
    const baselines = await unusualBaselinesFor(db(), REGIONAL, OUTAGE_DAY);
    expect(baselines.day).toBe(OUTAGE_DAY);
    // Cut to the person's properties, as their screens are.
    expect(Object.keys(baselines.byProperty).sort()).toEqual(
      [propertyRowKey(HARBOUR, 0), propertyRowKey("Riverside & Co. Hotel", 0)].sort(),
    );
    const harbour = baselines.byProperty[propertyRowKey(HARBOUR, 0)]!;
    expect(harbour.manualShare).toMatchObject({
      kind: "baseline",
      days: STORED_DAYS.length,
      median: median(pulled.map((usage) => share(usage, HARBOUR).value)),
    });
  });

  it("flags the outage day's manual entry at Harbour View Hotel, with its sentence", async () => {
    const baselines = await unusualBaselinesFor(db(), REGIONAL, OUTAGE_DAY);
    const today = share(outage, HARBOUR);
    const judgement = judge(
      RATE_SPECS.manualShare,
      today,
      baselines.byProperty[propertyRowKey(HARBOUR, 0)]?.manualShare,
    );
    expect(judgement).toMatchObject({ kind: "unusual", direction: "above" });
    expect(judgement.kind === "unusual" && judgement.sentence).toMatch(
      /^Manual entry \d+\.\d %, usually \d+(\.\d)?–\d+(\.\d)? %$/,
    );
  });

  it("says not enough history for a day with fewer than 14 stored days before it", async () => {
    const early = addDays(STORED_DAYS[0]!, 10);
    const baselines = await unusualBaselinesFor(db(), REGIONAL, early);
    expect(baselines.byProperty[propertyRowKey(HARBOUR, 0)]?.manualShare).toEqual({
      kind: "not-enough-history",
      days: 10,
    });
    expect(
      marksForRow(baselines, early, propertyRowKey(HARBOUR, 0), { scans: 200, manualShare: 90, alertsPer100: 1 }),
    ).toEqual({ unusual: {}, notEnoughHistory: true });
  });

  it("has no history at all before the first stored day", async () => {
    expect(await unusualBaselinesFor(db(), REGIONAL, STORED_DAYS[0]!)).toEqual({
      day: STORED_DAYS[0],
      byProperty: {},
    });
  });
});
