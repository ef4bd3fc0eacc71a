import { describe, expect, it } from "vitest";

import {
  createFormatter,
  formatCalendarDay,
  formatClock,
  formatInstant,
  formatPropertyTimeWithUtc,
  propertyTime,
  zoneName,
} from "./format";

describe("date formatting", () => {
  it("reads a calendar day without shifting it through a zone", () => {
    expect(formatCalendarDay("2026-11-22")).toBe("Sunday, November 22, 2026");
  });

  it("shows an instant in the property's zone, naming the zone", () => {
    expect(formatInstant("2026-11-23T07:14:00Z", "Pacific/Honolulu")).toBe("Nov 22, 2026, 9:14 PM HST");
    expect(formatInstant("2026-11-23T07:14:00Z")).toBe("Nov 23, 2026, 7:14 AM UTC");
  });

  it("falls back to UTC for a zone name it does not know", () => {
    expect(formatInstant("2026-11-23T07:14:00Z", "Mars/Olympus_Mons")).toBe("Nov 23, 2026, 7:14 AM UTC");
  });
});

describe("property time", () => {
  it("names the zone by its abbreviation where the locale has one", () => {
    expect(propertyTime("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toEqual({
      text: "Nov 24, 2026, 4:54 PM HST",
      utc: "Nov 25, 2026, 2:54 AM UTC",
      zoned: true,
    });
  });

  it("names the zone by its IANA name where the locale gives only an offset", () => {
    expect(zoneName("2026-11-25T02:54:00Z", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(formatInstant("2026-11-25T02:54:00Z", "Asia/Tokyo")).toBe("Nov 25, 2026, 11:54 AM Asia/Tokyo");
  });

  it("follows a change of clocks: Los Angeles on the day daylight saving ends", () => {
    // 2026-11-01: 1:30 AM happens twice, first in PDT (08:30 UTC), then in PST (09:30 UTC).
    expect(propertyTime("2026-11-01T08:30:00Z", "America/Los_Angeles").text).toBe("Nov 1, 2026, 1:30 AM PDT");
    expect(propertyTime("2026-11-01T09:30:00Z", "America/Los_Angeles").text).toBe("Nov 1, 2026, 1:30 AM PST");
    expect(propertyTime("2026-11-01T20:00:00Z", "America/Los_Angeles").text).toBe("Nov 1, 2026, 12:00 PM PST");
  });

  it("says UTC where the zone is not known, and never pretends it is the property's", () => {
    expect(propertyTime("2026-11-25T02:54:00Z", null)).toEqual({
      text: "Nov 25, 2026, 2:54 AM UTC",
      utc: "Nov 25, 2026, 2:54 AM UTC",
      zoned: false,
    });
    expect(propertyTime("2026-11-25T02:54:00Z", "Mars/Olympus_Mons").zoned).toBe(false);
  });

  it("gives the time of day alone, zone named", () => {
    expect(formatClock("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toBe("4:54 PM HST");
    expect(formatClock("2026-11-25T02:54:00Z", null)).toBe("2:54 AM UTC");
  });

  it("puts UTC one line away on paper", () => {
    expect(formatPropertyTimeWithUtc("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toBe(
      "Nov 24, 2026, 4:54 PM HST (Nov 25, 2026, 2:54 AM UTC)",
    );
    expect(formatPropertyTimeWithUtc("2026-11-25T02:54:00Z", undefined)).toBe("Nov 25, 2026, 2:54 AM UTC");
  });
});

describe("a person's formats", () => {
  const zurich = createFormatter({ region: "de-CH", hourCycle: "h23", weekStart: 1 });
  const montreal = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 });
  const us = createFormatter({ region: "en-US", hourCycle: "h12", weekStart: 7 });
  const us24 = createFormatter({ region: "en-US", hourCycle: "h23", weekStart: 7 });

  it("writes a Zürich director's date and time their way, in the property's zone", () => {
    expect(zurich.instant("2026-11-26T13:30:00Z", "Europe/Zurich")).toBe("26.11.2026, 14:30 MEZ");
    expect(zurich.dayWithYear("2026-11-26")).toBe("26.11.2026");
  });

  it("writes French-Canadian dates, times, numbers and percentages", () => {
    expect(montreal.instant("2026-11-26T19:30:00Z", "America/Toronto")).toBe("26 nov. 2026, 14 h 30 HNE");
    expect(montreal.calendarDay("2026-11-22")).toBe("dimanche 22 novembre 2026");
    expect(montreal.number(12345.6)).toBe("12\u00a0345,6");
    expect(montreal.percent(0.184)).toBe("18,4\u00a0%");
  });

  it("keeps the 12- or 24-hour clock the person chose, whatever the region", () => {
    expect(us.clock("2026-11-26T19:05:00Z", "UTC")).toBe("7:05 PM UTC");
    expect(us24.clock("2026-11-26T19:05:00Z", "UTC")).toBe("19:05 UTC");
    expect(us.hour(7)).toBe("7 AM");
    expect(zurich.hour(7)).toBe("07:00");
  });

  it("names the zone as it changes across a change of clocks", () => {
    // America/Toronto falls back at 06:00 UTC on 1 November 2026: 1:30 comes twice.
    expect(montreal.clock("2026-11-01T05:30:00Z", "America/Toronto")).toBe("01 h 30 HAE");
    expect(montreal.clock("2026-11-01T06:30:00Z", "America/Toronto")).toBe("01 h 30 HNE");
    expect(us24.clock("2026-03-08T06:59:00Z", "America/Los_Angeles")).toBe("22:59 PST");
    expect(us24.clock("2026-03-08T10:00:00Z", "America/Los_Angeles")).toBe("03:00 PDT");
  });

  it("names a zone by its place where the region only knows an offset", () => {
    expect(zurich.instant("2026-11-26T05:30:00Z", "Asia/Tokyo")).toBe("26.11.2026, 14:30 Asia/Tokyo");
  });

  it("orders the week from the person's first day, with the region's names", () => {
    expect(zurich.weekOrder()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(us.weekOrder()).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(createFormatter({ region: "fr-FR", hourCycle: "h23", weekStart: 6 }).weekOrder()[0]).toBe(6);
    expect(montreal.weekday(1)).toBe("lundi");
    expect(us.weekday(7, "short")).toBe("Sun");
  });

  it("keeps a property's day in its zone with UTC beside it, in the person's formats", () => {
    expect(zurich.propertyTimeWithUtc("2026-11-25T02:54:00Z", "Pacific/Honolulu")).toBe(
      "24.11.2026, 16:54 Pacific/Honolulu (25.11.2026, 02:54 UTC)",
    );
  });
});

describe("Daybook's own events", () => {
  const habits = { region: "en-US", hourCycle: "h12", weekStart: 7 } as const;
  const zurich = createFormatter({ ...habits, timeZone: "Europe/Zurich" });
  const losAngeles = createFormatter({ ...habits, timeZone: "America/Los_Angeles" });

  it("are in the person's zone, named, in their formats", () => {
    expect(zurich.event("2026-11-23T07:14:00Z")).toBe("Nov 23, 2026, 8:14 AM Europe/Zurich");
    expect(zurich.event(new Date("2026-11-23T07:14:00Z"))).toBe("Nov 23, 2026, 8:14 AM Europe/Zurich");
    expect(
      createFormatter({ region: "en-GB", hourCycle: "h23", weekStart: 1, timeZone: "Europe/Zurich" }).event(
        "2026-11-23T07:14:00Z",
      ),
    ).toBe("23 Nov 2026, 08:14 CET");
    expect(
      createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7, timeZone: "America/Toronto" }).event(
        "2026-11-23T07:14:00Z",
      ),
    ).toBe("23 nov. 2026, 02 h 14 HNE");
    expect(zurich.eventZone).toBe("Europe/Zurich");
  });

  it("are in UTC for a person who never chose a zone, as before", () => {
    const standard = createFormatter(habits);
    expect(standard.eventZone).toBe("UTC");
    expect(standard.event("2026-11-23T07:14:00Z")).toBe("Nov 23, 2026, 7:14 AM UTC");
    expect(standard.event("2026-11-23T07:14:00Z")).toBe(formatInstant("2026-11-23T07:14:00Z", "UTC"));
    expect(standard.eventDay("2026-11-22T23:30:00Z")).toBe("Nov 22, 2026");
  });

  it("follow the person's zone across a change of clocks", () => {
    // Los Angeles falls back on 1 November 2026: 1:30 AM comes twice, first PDT, then PST.
    expect(losAngeles.event("2026-11-01T08:30:00Z")).toBe("Nov 1, 2026, 1:30 AM PDT");
    expect(losAngeles.event("2026-11-01T09:30:00Z")).toBe("Nov 1, 2026, 1:30 AM PST");
    // Zürich springs forward at 01:00 UTC on 29 March 2026: 2:00 to 3:00 never happens.
    expect(zurich.event("2026-03-29T00:30:00Z")).toBe("Mar 29, 2026, 1:30 AM Europe/Zurich");
    expect(zurich.event("2026-03-29T01:30:00Z")).toBe("Mar 29, 2026, 3:30 AM Europe/Zurich");
  });

  it("fall on the person's calendar day", () => {
    expect(zurich.eventDay("2026-11-22T23:30:00Z")).toBe("Nov 23, 2026");
    expect(losAngeles.eventDay("2026-11-22T03:30:00Z")).toBe("Nov 21, 2026");
  });

  it("fall back to UTC, named, for a zone this runtime does not know", () => {
    const lost = createFormatter({ ...habits, timeZone: "Mars/Olympus_Mons" });
    expect(lost.eventZone).toBe("UTC");
    expect(lost.event("2026-11-23T07:14:00Z")).toBe("Nov 23, 2026, 7:14 AM UTC");
    expect(lost.eventDay("2026-11-22T23:30:00Z")).toBe("Nov 22, 2026");
  });

  it("leave a property's times in the property's zone", () => {
    expect(zurich.propertyTime("2026-11-25T02:54:00Z", "Pacific/Honolulu").text).toBe("Nov 24, 2026, 4:54 PM HST");
    expect(zurich.instant("2026-11-25T02:54:00Z")).toBe("Nov 25, 2026, 2:54 AM UTC");
  });
});
