import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import {
  bannedAfterStay,
  bannedAfterStays,
  guestName,
  purgedSpan,
  seenSince,
  stayHref,
  type StayReadings,
} from "./banned";

const at = (iso: string) => new Date(iso);

function stay(overrides: Partial<StayReadings> = {}): StayReadings {
  return {
    propertyName: "Harbour View Hotel",
    propertyTimeZone: "Pacific/Honolulu",
    day: "2026-11-20",
    checkInAtUtc: "2026-11-21T02:00:00Z",
    ref: { reportId: 7, position: 3 },
    matchedBanAtCheckIn: false,
    pulled: { at: at("2026-11-21T11:30:00Z"), value: false },
    observations: [],
    ...overrides,
  };
}

describe("bannedAfterStay", () => {
  it("lists a guest screened clear whose ban a later reading saw, from that reading", () => {
    const entry = bannedAfterStay(stay({ observations: [{ at: at("2026-11-21T18:00:00Z"), value: true }] }));
    expect(entry).toMatchObject({
      atCheckIn: "clear",
      seenAtPull: false,
      ref: { reportId: 7, position: 3 },
      day: "2026-11-20",
    });
    expect(entry?.bannedSeenAt).toEqual(at("2026-11-21T18:00:00Z"));
  });

  it("lists a guest already banned when the day was pulled, from the pull", () => {
    const entry = bannedAfterStay(stay({ pulled: { at: at("2026-11-21T11:30:00Z"), value: true } }));
    expect(entry).toMatchObject({ seenAtPull: true, bannedSeenAt: at("2026-11-21T11:30:00Z") });
  });

  it("tells null at check-in (no screening record) from false (screened clear)", () => {
    const banned = { pulled: { at: at("2026-11-21T11:30:00Z"), value: true } };
    expect(bannedAfterStay(stay({ ...banned, matchedBanAtCheckIn: null }))?.atCheckIn).toBe("no screening record");
    expect(bannedAfterStay(stay({ ...banned, matchedBanAtCheckIn: false }))?.atCheckIn).toBe("clear");
  });

  it("never lists a guest matched against a ban at check-in", () => {
    expect(
      bannedAfterStay(stay({ matchedBanAtCheckIn: true, pulled: { at: at("2026-11-21T11:30:00Z"), value: true } })),
    ).toBeNull();
  });

  it("drops a guest whose observation flipped back to false: the ban was lifted", () => {
    const entry = bannedAfterStay(
      stay({
        observations: [
          { at: at("2026-11-21T18:00:00Z"), value: true },
          { at: at("2026-11-21T20:00:00Z"), value: false },
        ],
      }),
    );
    expect(entry).toBeNull();
  });

  it("dates a ban lifted and imposed again from when the standing one was seen, whatever order the rows came in", () => {
    const entry = bannedAfterStay(
      stay({
        observations: [
          { at: at("2026-11-21T22:00:00Z"), value: true },
          { at: at("2026-11-21T18:00:00Z"), value: true },
          { at: at("2026-11-21T20:00:00Z"), value: false },
        ],
      }),
    );
    expect(entry?.bannedSeenAt).toEqual(at("2026-11-21T22:00:00Z"));
  });

  it("never lists a guest never banned", () => {
    expect(bannedAfterStay(stay())).toBeNull();
  });

  it("names an arrival without a captured name in words", () => {
    expect(guestName({ firstName: null, middleName: null, lastName: null })).toBe("Name not captured");
    expect(guestName({ firstName: "Ana", middleName: "M.", lastName: null })).toBe("Ana M.");
  });
});

describe("bannedAfterStays", () => {
  it("lists the same guest once per stay, newest ban first", () => {
    const first = stay({ day: "2026-11-10", pulled: { at: at("2026-11-11T11:30:00Z"), value: true } });
    const second = stay({
      day: "2026-11-18",
      checkInAtUtc: "2026-11-19T02:00:00Z",
      pulled: { at: at("2026-11-19T11:30:00Z"), value: true },
    });
    expect(bannedAfterStays([first, second]).map((entry) => entry.day)).toEqual(["2026-11-18", "2026-11-10"]);
  });

  it("breaks ties on the time seen by the later stay, then property and check-in", () => {
    const seen = { at: at("2026-11-21T11:30:00Z"), value: true };
    const rows = [
      stay({ day: "2026-11-19", pulled: seen }),
      stay({ propertyName: "Riverside & Co. Hotel", pulled: seen }),
      stay({ checkInAtUtc: "2026-11-21T03:00:00Z", pulled: seen }),
      stay({ pulled: seen }),
    ];
    expect(bannedAfterStays(rows).map((entry) => [entry.day, entry.propertyName, entry.checkInAtUtc])).toEqual([
      ["2026-11-20", "Harbour View Hotel", "2026-11-21T02:00:00Z"],
      ["2026-11-20", "Harbour View Hotel", "2026-11-21T03:00:00Z"],
      ["2026-11-20", "Riverside & Co. Hotel", "2026-11-21T02:00:00Z"],
      ["2026-11-19", "Harbour View Hotel", "2026-11-21T02:00:00Z"],
    ]);
  });
});

describe("seenSince", () => {
  it("counts the bans first seen in the 24 hours up to now, the edge excluded", () => {
    const now = at("2026-11-23T12:00:00Z");
    const list = bannedAfterStays([
      stay({ day: "2026-11-22", pulled: { at: at("2026-11-23T11:30:00Z"), value: true } }),
      stay({ day: "2026-11-21", pulled: { at: at("2026-11-22T12:00:00Z"), value: true } }),
      stay({ day: "2026-11-20", pulled: { at: at("2026-11-22T11:59:59Z"), value: true } }),
    ]);
    expect(seenSince(list, now).map((entry) => entry.day)).toEqual(["2026-11-22"]);
  });
});

describe("purgedSpan", () => {
  it("says nothing when no day was purged", () => {
    expect(purgedSpan([])).toBeNull();
  });

  it("says which purged days the list cannot cover", () => {
    expect(purgedSpan(["2026-08-02", "2026-08-01"])).toEqual({ days: 2, last: "2026-08-02" });
    expect(purgedSpan(["2026-08-01"])).toEqual({ days: 1, last: "2026-08-01" });
    const t = translatorFor("en", "insights");
    expect(t("bannedAfterStay.purged.body", { count: 2, last: "Aug 2, 2026" })).toBe(
      "The guest data of 2 stored days up to Aug 2, 2026 was removed by retention: this list cannot cover stays on them.",
    );
    expect(t("bannedAfterStay.purged.body", { count: 1, last: "Aug 1, 2026" })).toContain(
      "1 stored day up to Aug 1, 2026",
    );
  });
});

describe("stayHref", () => {
  it("opens the stored day's guests filtered to the property, the name encoded", () => {
    expect(stayHref({ day: "2026-11-20", propertyName: "Riverside & Co. Hotel" })).toBe(
      "/guests?day=2026-11-20&property=Riverside+%26+Co.+Hotel",
    );
  });
});
