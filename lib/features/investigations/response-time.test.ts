import { describe, expect, it } from "vitest";

import { hourLabel, isZone, localSlot, WEEKDAYS } from "./response-time";

const formats = new Map<string, Intl.DateTimeFormat>();

/** The hour and weekday Intl gives for an instant in a zone, asked directly. */
function intlSlot(ms: number, zone: string) {
  if (!formats.has(zone))
    formats.set(
      zone,
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23", weekday: "long" }),
    );
  const parts = formats.get(zone)!.formatToParts(ms);
  return {
    hour: Number(parts.find((part) => part.type === "hour")!.value),
    weekday: WEEKDAYS.indexOf(parts.find((part) => part.type === "weekday")!.value as (typeof WEEKDAYS)[number]),
  };
}

describe("an instant on a property's clock", () => {
  it("follows New York's spring change of clocks: 01:59 EST, then 03:00 EDT", () => {
    // Sunday 2026-03-08: clocks go from 02:00 EST to 03:00 EDT at 07:00 UTC.
    expect(localSlot("2026-03-08T06:59:59Z", "America/New_York")).toEqual({ hour: 1, weekday: 6 });
    expect(localSlot("2026-03-08T07:00:00Z", "America/New_York")).toEqual({ hour: 3, weekday: 6 });
    expect(localSlot("2026-03-08T12:30:00Z", "America/New_York")).toEqual({ hour: 8, weekday: 6 });
  });

  it("follows New York's autumn change: the hour from 01:00 comes twice", () => {
    // Sunday 2026-11-01: clocks go back from 02:00 EDT to 01:00 EST at 06:00 UTC.
    expect(localSlot("2026-11-01T05:30:00Z", "America/New_York")).toEqual({ hour: 1, weekday: 6 });
    expect(localSlot("2026-11-01T06:30:00Z", "America/New_York")).toEqual({ hour: 1, weekday: 6 });
    expect(localSlot("2026-11-01T07:30:00Z", "America/New_York")).toEqual({ hour: 2, weekday: 6 });
    // The day after, the whole UTC day in standard time.
    expect(localSlot("2026-11-02T14:00:00Z", "America/New_York")).toEqual({ hour: 9, weekday: 0 });
  });

  it("puts a check-in late on a property's Sunday on its Sunday, whatever day it is in UTC", () => {
    // 09:59 UTC on Monday is 23:59 on Sunday in Honolulu; a minute later is Monday there too.
    expect(localSlot("2026-11-23T09:59:00Z", "Pacific/Honolulu")).toEqual({ hour: 23, weekday: 6 });
    expect(localSlot("2026-11-23T10:00:00Z", "Pacific/Honolulu")).toEqual({ hour: 0, weekday: 0 });
    // Europe's autumn change on a Sunday: 01:30 UTC is 02:30 in Zürich, after it.
    expect(localSlot("2026-10-25T00:30:00Z", "Europe/Zurich")).toEqual({ hour: 2, weekday: 6 });
    expect(localSlot("2026-10-25T01:30:00Z", "Europe/Zurich")).toEqual({ hour: 2, weekday: 6 });
  });

  it("agrees with Intl through a whole year, a quarter hour apart, in zones with odd offsets and half-hour changes", () => {
    for (const zone of [
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
      "America/Santiago",
      "Europe/Dublin",
      "Pacific/Kiritimati",
    ]) {
      const start = Date.parse("2026-01-01T00:00:00Z");
      const differing: string[] = [];
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 15 * 60_000 + 7_000) {
        const ours = localSlot(ms, zone);
        const intl = intlSlot(ms, zone);
        if (ours.hour !== intl.hour || ours.weekday !== intl.weekday) differing.push(new Date(ms).toISOString());
      }
      expect(differing, zone).toEqual([]);
    }
  });

  it("knows which zones Intl knows, and names an hour", () => {
    expect(isZone("Asia/Tokyo")).toBe(true);
    expect(isZone("Mars/Olympus_Mons")).toBe(false);
    expect(() => localSlot("2026-11-01T00:00:00Z", "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(hourLabel(0)).toBe("00:00–00:59");
    expect(hourLabel(17)).toBe("17:00–17:59");
  });
});
