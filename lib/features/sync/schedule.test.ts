import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { coverageKey } from "@/lib/features/history/property-days";
import { decidePull, NO_ZONE_RETRY_MS, type ScheduleInput } from "@/lib/features/sync/schedule";

/** The demo properties' zones, Honolulu (UTC−10) to Sydney (UTC+11 in November). */
const DEMO_ZONES = [
  "Pacific/Honolulu",
  "America/Los_Angeles",
  "America/Denver",
  "America/New_York",
  "America/Toronto",
  "Europe/Dublin",
  "Europe/Zurich",
  "Asia/Tokyo",
  "Australia/Sydney",
];

/** One property per zone, named after it. */
function propertiesIn(zones: readonly string[]) {
  return zones.map((zone) => ({ name: zone, zones: [zone] }));
}

/** `day` stored for every property of `zones` (named as propertiesIn names them). */
function stored(day: string, zones: readonly string[] = DEMO_ZONES): Set<string> {
  return new Set(zones.map((zone) => coverageKey(day, zone)));
}

function decide(
  now: string,
  { zones = DEMO_ZONES, ...overrides }: Partial<Omit<ScheduleInput, "properties">> & { zones?: string[] } = {},
) {
  return decidePull({
    now: new Date(now),
    properties: propertiesIn(zones),
    graceMinutes: 30,
    covered: new Set(),
    lastPullAt: null,
    ...overrides,
  });
}

describe("when a pull is due", () => {
  it("is due at once when no zone is known, then once an hour", () => {
    expect(decide("2026-11-22T03:00:00Z", { zones: [] })).toMatchObject({ due: true, day: null });
    const last = new Date("2026-11-22T03:00:00Z");
    expect(decide("2026-11-22T03:59:59Z", { zones: [], lastPullAt: last })).toEqual({
      due: false,
      day: null,
      nextAt: new Date(last.getTime() + NO_ZONE_RETRY_MS),
      reason: expect.stringContaining("once an hour"),
      why: { key: "noZoneHourly" },
    });
    expect(decide("2026-11-22T04:00:00Z", { zones: [], lastPullAt: last })).toMatchObject({ due: true, day: null });
  });

  it("waits for the last zone's midnight plus the grace period, to the second", () => {
    // Honolulu's Nov 21 closes at 10:00 UTC on Nov 22; with 30 minutes' grace the pull is due at 10:30.
    expect(decide("2026-11-22T10:29:59Z")).toEqual({
      due: false,
      day: "2026-11-21",
      nextAt: new Date("2026-11-22T10:30:00Z"),
      reason: expect.stringContaining("30 minutes"),
      why: { key: "waiting", day: "2026-11-21", minutes: 30 },
    });
    expect(decide("2026-11-22T10:30:00Z")).toMatchObject({ due: true, day: "2026-11-21" });
    expect(decide("2026-11-22T10:00:00Z", { graceMinutes: 0 })).toMatchObject({ due: true, day: "2026-11-21" });
    const covered = stored("2026-11-20");
    expect(decide("2026-11-22T09:59:59Z", { graceMinutes: 0, covered })).toMatchObject({
      due: false,
      day: "2026-11-21",
    });
  });

  it("once the western day is stored, waits for the next one while eastern properties report a later day", () => {
    // Sydney's Nov 23 begins at 13:00 UTC on Nov 22: from then on it reports Nov 22, Honolulu still Nov 21.
    expect(decide("2026-11-22T12:59:59Z")).toMatchObject({ due: true, day: "2026-11-21" });
    expect(decide("2026-11-22T13:00:00Z", { covered: stored("2026-11-21") })).toEqual({
      due: false,
      day: "2026-11-22",
      nextAt: new Date("2026-11-23T10:30:00Z"),
      reason: "2026-11-21 is stored; 2026-11-22 is next.",
      why: { key: "next", day: "2026-11-21", next: "2026-11-22" },
    });
    // Unstored, Honolulu's Nov 21 is still pulled after Sydney moved on: each property keeps its own day.
    expect(decide("2026-11-22T13:00:00Z")).toMatchObject({ due: true, day: "2026-11-21" });
    // Before the window, the earlier day's has long closed: the next pull is today's window.
    expect(decide("2026-11-22T05:00:00Z", { covered: stored("2026-11-20") })).toMatchObject({
      due: false,
      day: "2026-11-21",
      nextAt: new Date("2026-11-22T10:30:00Z"),
    });
  });

  it("is not due once the day is stored for every report, and names the next window", () => {
    expect(decide("2026-11-22T11:00:00Z", { covered: stored("2026-11-21") })).toEqual({
      due: false,
      day: "2026-11-22",
      nextAt: new Date("2026-11-23T10:30:00Z"),
      reason: "2026-11-21 is stored; 2026-11-22 is next.",
      why: { key: "next", day: "2026-11-21", next: "2026-11-22" },
    });
    // A day stored for another date does not count.
    expect(decide("2026-11-22T11:00:00Z", { covered: stored("2026-11-20") })).toMatchObject({ due: true });
    // Nor does a day stored for some properties only.
    const partly = stored("2026-11-21", DEMO_ZONES.slice(1));
    expect(decide("2026-11-22T11:00:00Z", { covered: partly })).toMatchObject({ due: true, day: "2026-11-21" });
  });

  it("keeps retrying a failed day until the westernmost zone moves on, with a single zone", () => {
    const zones = ["America/New_York"];
    expect(decide("2026-11-22T05:29:59Z", { zones })).toMatchObject({ due: false, day: "2026-11-21" });
    expect(decide("2026-11-22T05:30:00Z", { zones })).toMatchObject({ due: true, day: "2026-11-21" });
    expect(decide("2026-11-23T04:59:59Z", { zones })).toMatchObject({ due: true, day: "2026-11-21" });
    expect(decide("2026-11-23T05:00:00Z", { zones })).toMatchObject({
      due: false,
      day: "2026-11-22",
      nextAt: new Date("2026-11-23T05:30:00Z"),
    });
  });

  it("follows daylight saving: New York's midnight after the clocks go back is still at UTC−4", () => {
    const zones = ["America/New_York"];
    // Nov 1, 2026 starts at 04:00 UTC (EDT); the change to EST happens at 02:00 local that night.
    expect(decide("2026-11-01T04:29:59Z", { zones })).toMatchObject({ due: false, day: "2026-10-31" });
    expect(decide("2026-11-01T04:30:00Z", { zones })).toMatchObject({ due: true, day: "2026-10-31" });
    // Nov 2 starts at 05:00 UTC (EST): Oct 31 stays pullable until then.
    expect(decide("2026-11-02T04:59:59Z", { zones })).toMatchObject({ due: true, day: "2026-10-31" });
  });

  it("with zones spanning more than a day, pulls once the westernmost zone's day has closed", () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11): 25 hours apart, no moment where both report the same day.
    const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"];
    expect(decide("2026-11-22T11:29:59Z", { zones })).toMatchObject({ due: false, day: "2026-11-21" });
    expect(decide("2026-11-22T11:30:00Z", { zones })).toMatchObject({
      due: true,
      day: "2026-11-21",
      reason: expect.stringContaining("span more than one day"),
    });
    expect(decide("2026-11-23T10:59:59Z", { zones })).toMatchObject({ due: true, day: "2026-11-21" });
    expect(decide("2026-11-23T11:00:00Z", { zones })).toMatchObject({ due: false, day: "2026-11-22" });
  });

  it("pulls a Honolulu + Kiritimati pair once a day, each property's own day from the same pull", () => {
    // UTC−10 and UTC+14: both days close at 10:00 UTC, a calendar day apart.
    const zones = ["Pacific/Honolulu", "Pacific/Kiritimati"];
    expect(decide("2026-11-22T10:29:59Z", { zones })).toMatchObject({ due: false, day: "2026-11-21" });
    expect(decide("2026-11-22T10:30:00Z", { zones })).toMatchObject({ due: true, day: "2026-11-21" });
    // That pull stored Honolulu's Nov 21 and Kiritimati's Nov 22: nothing more until the next day.
    const covered = new Set([
      coverageKey("2026-11-21", "Pacific/Honolulu"),
      coverageKey("2026-11-22", "Pacific/Kiritimati"),
    ]);
    expect(decide("2026-11-22T10:30:00Z", { zones, covered })).toEqual({
      due: false,
      day: "2026-11-22",
      nextAt: new Date("2026-11-23T10:30:00Z"),
      reason: "2026-11-21 is stored; 2026-11-22 is next.",
      why: { key: "next", day: "2026-11-21", next: "2026-11-22" },
    });
    expect(decide("2026-11-23T03:00:00Z", { zones, covered })).toMatchObject({ due: false });
    expect(decide("2026-11-23T10:30:00Z", { zones, covered })).toMatchObject({ due: true, day: "2026-11-22" });
  });

  it("pulls a day in its last hour at the API when it was missed", () => {
    const zones = ["Pacific/Honolulu", "Pacific/Kiritimati"];
    // Honolulu's Nov 21 is stored, Kiritimati's Nov 22 is not (say its part failed); the API stops
    // reporting it at 10:00 UTC on Nov 23, when Kiritimati's Nov 24 begins.
    const covered = new Set([coverageKey("2026-11-21", "Pacific/Honolulu")]);
    expect(decide("2026-11-23T08:59:59Z", { zones, covered })).toMatchObject({
      due: false,
      nextAt: new Date("2026-11-23T09:00:00Z"),
    });
    expect(decide("2026-11-23T09:00:00Z", { zones, covered })).toMatchObject({
      due: true,
      day: "2026-11-22",
      reason: expect.stringContaining("less than an hour"),
    });
  });

  it("ignores a zone name it does not know, and repeated names", () => {
    const zones = ["Mars/Olympus_Mons", "America/New_York", "America/New_York", ""];
    expect(decide("2026-11-22T05:30:00Z", { zones })).toMatchObject({ due: true, day: "2026-11-21" });
    expect(decide("2026-11-22T05:00:00Z", { zones: ["Mars/Olympus_Mons"] })).toMatchObject({ due: true, day: null });
  });

  it("leaves out a shared name whose properties report two days at once", () => {
    const properties = [
      { name: "Seaside Suites", zones: ["Pacific/Honolulu", "Asia/Tokyo"] },
      { name: "Riverside", zones: ["America/New_York"] },
    ];
    // 12:00 UTC: Honolulu reports Nov 21, Tokyo Nov 22; only Riverside's Nov 21 decides.
    expect(
      decidePull({
        now: new Date("2026-11-22T12:00:00Z"),
        properties,
        graceMinutes: 30,
        covered: new Set(),
        lastPullAt: null,
      }),
    ).toMatchObject({ due: true, day: "2026-11-21" });
  });
});

describe("the reason on the Sync screen", () => {
  const en = translatorFor("en", "sync");
  const onScreen = (decision: ReturnType<typeof decide>) => {
    const { key, ...values } = decision.why;
    return en(`schedule.why.${key}`, values);
  };

  it("says in the catalogue's English what the log says", () => {
    const last = new Date("2026-11-22T03:00:00Z");
    const decisions = [
      decide("2026-11-22T03:00:00Z", { zones: [] }),
      decide("2026-11-22T03:59:59Z", { zones: [], lastPullAt: last }),
      decide("2026-11-22T10:29:59Z"),
      decide("2026-11-22T10:30:00Z"),
      decide("2026-11-22T13:00:00Z", { covered: stored("2026-11-21") }),
      decide("2026-11-22T10:00:00Z", { zones: ["America/New_York"] }),
      decide("2026-11-23T09:00:00Z", { covered: stored("2026-11-21", ["Pacific/Honolulu"]) }),
    ];
    expect(new Set(decisions.map((decision) => decision.why.key)).size).toBeGreaterThanOrEqual(5);
    for (const decision of decisions) expect(onScreen(decision)).toBe(decision.reason);
  });
});
