import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningSimulator } from "./server";
import { FULL_KEY, guests, start, usage } from "./test-support";

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await start({ large: true });
});
afterAll(() => sim.close());

describe("large mode", () => {
  it("has about 200 properties and about 20,000 arrivals a day, timed", async () => {
    const started = performance.now();
    const report = await guests(sim, FULL_KEY);
    const firstPull = performance.now() - started;
    const again = performance.now();
    await guests(sim, FULL_KEY);
    const cachedPull = performance.now() - again;
    const usageStarted = performance.now();
    const summary = await usage(sim, FULL_KEY);
    const usagePull = performance.now() - usageStarted;

    console.log(
      `large mode: ${summary.byProperty.length} properties, ${report.totalCount} arrivals; ` +
        `guests first pull ${firstPull.toFixed(0)} ms (generation + ${(JSON.stringify(report).length / 1e6).toFixed(1)} MB), ` +
        `cached pull ${cachedPull.toFixed(0)} ms, usage ${usagePull.toFixed(0)} ms`,
    );
    expect(summary.byProperty.length).toBeGreaterThanOrEqual(190);
    expect(summary.byProperty.length).toBeLessThanOrEqual(210);
    expect(report.totalCount).toBeGreaterThan(18_000);
    expect(report.totalCount).toBeLessThan(22_000);
    expect(summary.totals.scans.value).toBe(report.totalCount);
    expect(new Set(report.items.map((item) => item.propertyTimeZone)).size).toBeGreaterThanOrEqual(5);
  });

  it("keeps the special properties, their names unique apart from the deliberate duplicate", async () => {
    const summary = await usage(sim, FULL_KEY);
    const names = summary.byProperty.map((row) => row.propertyName);
    for (const name of [
      "Harbour View Hotel",
      "Riverside & Co. Hotel",
      "O'Brien's Lodge",
      "さくらイン 新宿",
      "Quiet Pines Motel",
    ]) {
      expect(names).toContain(name);
    }
    expect(names.filter((name) => name === "Seaside Suites")).toHaveLength(2);
    expect(new Set(names).size).toBe(names.length - 1);
    const sum = summary.byProperty.reduce((total, row) => total + row.scans, 0);
    expect(sum).toBe(summary.totals.scans.value);
  });
});

describe("large mode, first properties only", () => {
  it("serves the first N properties of the catalogue, with the same data", async () => {
    const small = await start({ large: true, properties: 20 });
    try {
      const [summary, all] = [await usage(small, FULL_KEY), await usage(sim, FULL_KEY)];
      expect(summary.byProperty.map((row) => row.propertyName)).toEqual(
        all.byProperty.slice(0, 20).map((row) => row.propertyName),
      );
      expect(summary.byProperty).toEqual(all.byProperty.slice(0, 20));
      const report = await guests(small, FULL_KEY);
      expect(report.totalCount).toBe(summary.totals.scans.value);
    } finally {
      await small.close();
    }
  });

  it("refuses a count that is not a positive integer", async () => {
    await expect(start({ properties: 0 })).rejects.toThrow(RangeError);
  });
});
