import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import {
  ageing,
  AGEING_BUCKETS,
  ageingBucket,
  describeState,
  minutesOf,
  NO_ALERTS,
  orderProperties,
  percentile,
  rankProperties,
  responseFigures,
  ResponseTally,
  waitOf,
  type PropertyResponse,
} from "./response-figures";
import type { ResponseSort } from "./response-view";

const MINUTE = 60_000;
const DAY = 86_400_000;

describe("percentile", () => {
  it("has none for no values, and one value is every percentile", () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([], 0.9)).toBeNull();
    expect(percentile([7 * MINUTE], 0.5)).toBe(7 * MINUTE);
    expect(percentile([7 * MINUTE], 0.9)).toBe(7 * MINUTE);
  });

  it("of two values, takes the 50th as their mean and the 90th nine tenths of the way, as percentile_cont does", () => {
    expect(percentile([2 * MINUTE, 12 * MINUTE], 0.5)).toBe(7 * MINUTE);
    expect(percentile([2 * MINUTE, 12 * MINUTE], 0.9)).toBe(11 * MINUTE);
  });

  it("interpolates between the nearest ranks of a longer list", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(values, 0.5)).toBe(5.5);
    expect(percentile(values, 0.9)).toBeCloseTo(9.1, 10);
    expect(percentile([1, 2, 3], 0.5)).toBe(2);
  });
});

describe("a set of alerts' figures", () => {
  it("counts an alert without an acknowledgement apart, never as a time", () => {
    const alert = { checkInAtUtc: "2026-11-20T10:00:00Z", acknowledgedAtUtc: null };
    expect(waitOf(alert)).toBeNull();
    expect(waitOf({ ...alert, acknowledgedAtUtc: "2026-11-20T10:04:30Z" })).toBe(4.5 * MINUTE);

    const tally = new ResponseTally();
    tally.add(waitOf(alert));
    expect(tally.figures()).toEqual({ alerts: 1, acknowledged: 0, notAcknowledged: 1, p50Ms: null, p90Ms: null });
    tally.add(3 * MINUTE);
    expect(tally.figures()).toEqual({
      alerts: 2,
      acknowledged: 1,
      notAcknowledged: 1,
      p50Ms: 3 * MINUTE,
      p90Ms: 3 * MINUTE,
    });
  });

  it("has no time for no alerts (not 0 minutes)", () => {
    expect(responseFigures(0, [])).toEqual(NO_ALERTS);
    expect(NO_ALERTS.p50Ms).toBeNull();
    expect(describeState({ kind: "no-alerts" })).toBe("No alerts");
  });

  it("takes the waits in any order", () => {
    expect(responseFigures(4, [9, 1, 5])).toEqual({
      alerts: 4,
      acknowledged: 3,
      notAcknowledged: 1,
      p50Ms: 5,
      p90Ms: 8.2,
    });
  });

  it("says a property whose policy keeps no criminal details is not kept, never not acknowledged", () => {
    const words = describeState({ kind: "not-kept", policy: "EU" });
    expect(words).toBe("Not kept (EU keeps no criminal details)");
    expect(words).not.toMatch(/acknowledged/);
    expect(describeState({ kind: "alerts", figures: responseFigures(3, [1]), rank: 1 })).toBe(
      "1 acknowledged of 3, 2 not acknowledged",
    );
  });

  it("gives minutes to one decimal for a file", () => {
    expect(minutesOf(90_000)).toBe(1.5);
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(61_000)).toBe(1);
  });
});

describe("the ranking", () => {
  const property = (label: string, state: PropertyResponse["state"]): PropertyResponse => ({
    label,
    propertyName: label,
    zone: null,
    state,
  });
  const alerts = (alertCount: number, waits: number[]) => ({
    kind: "alerts" as const,
    figures: responseFigures(alertCount, waits),
    rank: null,
  });

  it("puts the fastest desk first, none acknowledged after every time, and leaves out no alerts and not kept", () => {
    const ranked = rankProperties([
      property("Slow", alerts(2, [20 * MINUTE, 40 * MINUTE])),
      property("Quiet", { kind: "no-alerts" }),
      property("Never", alerts(5, [])),
      property("Fast", alerts(3, [MINUTE, 2 * MINUTE])),
      property("Hidden", { kind: "not-kept", policy: "EU" }),
      property("Never either", alerts(9, [])),
    ]);
    expect(ranked.map((entry) => [entry.label, entry.state.kind === "alerts" ? entry.state.rank : null])).toEqual([
      ["Fast", 1],
      ["Slow", 2],
      ["Never either", 3],
      ["Never", 4],
      ["Hidden", null],
      ["Quiet", null],
    ]);
  });

  it("breaks a tie on the 50th percentile by the 90th, then by the share not acknowledged", () => {
    const ranked = rankProperties([
      property("A", alerts(4, [MINUTE, 3 * MINUTE, 5 * MINUTE])),
      property("B", alerts(3, [2 * MINUTE, 3 * MINUTE, 4 * MINUTE])),
      property("C", alerts(3, [MINUTE, 3 * MINUTE, 5 * MINUTE])),
    ]);
    expect(ranked.map((entry) => entry.label)).toEqual(["B", "C", "A"]);
  });

  it("reads the ranking in each order asked for, every property keeping its rank", () => {
    const ranked = rankProperties([
      property("Slow", alerts(2, [20 * MINUTE, 40 * MINUTE])),
      property("Quiet", { kind: "no-alerts" }),
      property("Never", alerts(5, [])),
      property("Fast", alerts(3, [MINUTE, 2 * MINUTE])),
      property("Hidden", { kind: "not-kept", policy: "EU" }),
    ]);
    const read = (sort: ResponseSort) =>
      orderProperties(ranked, sort).map((entry) => [
        entry.label,
        entry.state.kind === "alerts" ? entry.state.rank : null,
      ]);
    expect(read("fastest")).toEqual([
      ["Fast", 1],
      ["Slow", 2],
      ["Never", 3],
      ["Hidden", null],
      ["Quiet", null],
    ]);
    // Slowest first: the ranking turned round, the properties without a rank still after it.
    expect(read("slowest")).toEqual([
      ["Never", 3],
      ["Slow", 2],
      ["Fast", 1],
      ["Hidden", null],
      ["Quiet", null],
    ]);
    // Most not acknowledged first (5, then 1 of Fast's 3, then none), ties by rank.
    expect(read("unacknowledged").map(([label]) => label)).toEqual(["Never", "Fast", "Slow", "Hidden", "Quiet"]);
    expect(read("name")).toEqual([
      ["Fast", 1],
      ["Hidden", null],
      ["Never", 3],
      ["Quiet", null],
      ["Slow", 2],
    ]);
    // The ranking itself is left as it was.
    expect(ranked.map((entry) => entry.label)).toEqual(["Fast", "Slow", "Never", "Hidden", "Quiet"]);
  });
});

describe("the ageing of alerts not acknowledged", () => {
  it("puts each age in the bucket up to its bound, the bound itself in the next", () => {
    expect(ageingBucket(0)).toBe(0);
    expect(ageingBucket(DAY - 1)).toBe(0);
    expect(ageingBucket(DAY)).toBe(1);
    expect(ageingBucket(7 * DAY)).toBe(2);
    expect(ageingBucket(90 * DAY - 1)).toBe(3);
    expect(ageingBucket(400 * DAY)).toBe(AGEING_BUCKETS.length - 1);
  });

  it("counts from check-in to now", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(ageing([now - 3 * DAY, now - 3 * DAY, now - 100 * DAY, now + DAY], now)).toEqual([
      { key: "underDay", alerts: 1 },
      { key: "upToWeek", alerts: 2 },
      { key: "upToMonth", alerts: 0 },
      { key: "upToQuarter", alerts: 0 },
      { key: "longer", alerts: 1 },
    ]);
    const t = translatorFor("en", "investigations");
    expect(AGEING_BUCKETS.map((bucket) => t(`response.unacknowledged.ageing.${bucket.key}`))).toEqual([
      "Under 1 day",
      "1 to 7 days",
      "7 to 30 days",
      "30 to 90 days",
      "90 days or more",
    ]);
  });
});
