import { describe, expect, it } from "vitest";

import { decideDigest, localHours, retryDelayMs, yesterdayIn } from "./schedule";
import { defaultMailSettings, effectiveZone, firstPropertyZone, readMailSettings } from "./settings";

const base = { hour: 7, waitForHour: true, waitForPullHours: 3, stored: true };

describe("when a digest goes out", () => {
  it("yesterday is the day before today in the person's zone", () => {
    const now = new Date("2026-11-23T09:30:00Z");
    expect(yesterdayIn(now, "Asia/Tokyo")).toBe("2026-11-22"); // 18:30 on the 23rd
    expect(yesterdayIn(now, "Pacific/Honolulu")).toBe("2026-11-21"); // 23:30 on the 22nd
    expect(yesterdayIn(now, "Pacific/Kiritimati")).toBe("2026-11-22"); // 23:30 on the 23rd
  });

  it("waits for the person's hour in their zone, then sends once the day is stored", () => {
    const zone = "Europe/Madrid"; // UTC+1 in November
    expect(decideDigest({ ...base, now: new Date("2026-11-23T05:59:59Z"), zone })).toEqual({
      send: false,
      reason: "before-hour",
    });
    expect(decideDigest({ ...base, now: new Date("2026-11-23T06:00:00Z"), zone })).toEqual({
      send: true,
      complete: true,
    });
  });

  it("waits for a late pull up to three hours past the hour, then goes out saying what is missing", () => {
    const zone = "UTC";
    const at = (time: string) => decideDigest({ ...base, stored: false, now: new Date(`2026-11-23T${time}Z`), zone });
    expect(at("07:00:00")).toEqual({ send: false, reason: "waiting-for-pull" });
    expect(at("09:59:59")).toEqual({ send: false, reason: "waiting-for-pull" });
    expect(at("10:00:00")).toEqual({ send: true, complete: false });
  });

  it("in the demo goes out as soon as the day is stored, whatever the hour, and never without it", () => {
    const now = new Date("2026-11-23T01:00:00Z");
    expect(decideDigest({ ...base, waitForHour: false, now, zone: "UTC" })).toEqual({ send: true, complete: true });
    expect(decideDigest({ ...base, waitForHour: false, stored: false, now, zone: "UTC" })).toEqual({
      send: false,
      reason: "waiting-for-pull",
    });
  });

  it("counts the hours actually lived on a morning the clocks change", () => {
    // Europe/Berlin moved to summer time at 01:00 UTC on 2026-03-29: 07:00 local is 05:00 UTC, 6 hours after midnight.
    expect(localHours(new Date("2026-03-29T05:00:00Z"), "Europe/Berlin")).toBe(6);
    expect(decideDigest({ ...base, now: new Date("2026-03-29T05:00:00Z"), zone: "Europe/Berlin" }).send).toBe(false);
    expect(decideDigest({ ...base, now: new Date("2026-03-29T06:00:00Z"), zone: "Europe/Berlin" }).send).toBe(true);
  });

  it("retries a refused message after a doubling wait, at most an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 60))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(12, 60)).toBe(3_600_000);
  });
});

describe("a person's mail settings", () => {
  it("are on for supervisors and off for everyone else until they choose", () => {
    expect(defaultMailSettings("supervisor")).toEqual({
      digest: true,
      alerts: { criminalUnacknowledged: true },
      hour: 7,
      zone: null,
    });
    for (const role of ["viewer", "regional", "admin"] as const) {
      expect(defaultMailSettings(role)).toMatchObject({ digest: false, alerts: { criminalUnacknowledged: false } });
    }
  });

  it("read a stored choice, and fall back to the role's defaults for one that no longer reads", () => {
    const chosen = { digest: false, alerts: { criminalUnacknowledged: true }, hour: 6, zone: "Europe/Madrid" };
    expect(readMailSettings(chosen, "supervisor")).toEqual(chosen);
    expect(readMailSettings({ ...chosen, zone: "Mars/Olympus" }, "supervisor")).toEqual(
      defaultMailSettings("supervisor"),
    );
    expect(readMailSettings({ ...chosen, hour: 24 }, "viewer")).toEqual(defaultMailSettings("viewer"));
    expect(readMailSettings(null, "viewer")).toEqual(defaultMailSettings("viewer"));
  });

  it("take the first property's zone from the person's own list, or the first by name for every property", () => {
    const known = [
      { name: "Seaside Suites", zones: ["America/Los_Angeles"] },
      { name: "Grand Hotel Zürich", zones: ["Europe/Zurich"] },
      { name: "Harbour View Hotel", zones: ["Australia/Sydney"] },
    ];
    expect(firstPropertyZone({ allProperties: false, properties: ["Unknown Inn", "Seaside Suites"] }, known)).toBe(
      "America/Los_Angeles",
    );
    expect(firstPropertyZone({ allProperties: true, properties: [] }, known)).toBe("Europe/Zurich");
    expect(firstPropertyZone({ allProperties: false, properties: ["Unknown Inn"] }, known)).toBeNull();
  });

  it("read the hour in the chosen zone, else the first property's, else UTC", () => {
    expect(effectiveZone({ zone: "Asia/Tokyo" }, "Europe/Madrid")).toBe("Asia/Tokyo");
    expect(effectiveZone({ zone: null }, "Europe/Madrid")).toBe("Europe/Madrid");
    expect(effectiveZone({ zone: null }, null)).toBe("UTC");
  });
});
