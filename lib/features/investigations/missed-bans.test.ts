import { describe, expect, it } from "vitest";

import type { LinkedArrival } from "@/lib/features/history/linkage";

import { categoryOf, missedBans, sightingsOf, standingBan } from "./missed-bans";

let position = 0;

/** A stored arrival of document `key`, pulled 12 hours after its check-in unless told. */
function arrival(key: string, overrides: Partial<LinkedArrival> & { at: string }): LinkedArrival {
  const { at, ...rest } = overrides;
  position += 1;
  return {
    ref: { reportId: 1, position },
    documentKey: key,
    propertyName: "Harbour View Hotel",
    propertyTimeZone: "Pacific/Honolulu",
    day: at.slice(0, 10),
    checkInAtUtc: at,
    source: "scan",
    matchedBanAtCheckIn: false,
    signals: 0,
    // A guest matched against a ban at the desk still reads banned when the day is pulled.
    pulled: { at: new Date(Date.parse(at) + 12 * 3_600_000), value: rest.matchedBanAtCheckIn === true },
    observations: [],
    ...rest,
  };
}

const WINDOW = { from: "2026-11-01", to: "2026-11-30" };
const RIVERSIDE = { propertyName: "Riverside & Co. Hotel", propertyTimeZone: "America/New_York" };

describe("missed bans", () => {
  it("lists an unmatched arrival after the same document was matched against a ban at another property", () => {
    const banned = arrival("k", { at: "2026-11-02T20:00:00Z", matchedBanAtCheckIn: true, ...RIVERSIDE });
    const missed = arrival("k", { at: "2026-11-05T20:00:00Z" });
    const [entry, ...rest] = missedBans([banned, missed], WINDOW);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      ref: missed.ref,
      propertyName: "Harbour View Hotel",
      atCheckIn: "clear",
      category: "scan",
      firstSeen: { kind: "matched", propertyName: RIVERSIDE.propertyName, at: new Date("2026-11-02T20:00:00Z") },
    });
    expect(entry!.involved).toHaveLength(2);
  });

  it("needs history: no reading before the check-in (the first arrival, or one alone) lists nothing", () => {
    // Banned only when its own day was pulled, after the check-in: banned after the stay, not missed.
    const alone = arrival("a", {
      at: "2026-11-05T20:00:00Z",
      pulled: { at: new Date("2026-11-06T11:00:00Z"), value: true },
    });
    expect(missedBans([alone], WINDOW)).toEqual([]);
    // The ban matched later than the unmatched arrival: nothing was known at its check-in.
    const first = arrival("b", { at: "2026-11-03T20:00:00Z" });
    const later = arrival("b", { at: "2026-11-04T20:00:00Z", matchedBanAtCheckIn: true });
    expect(missedBans([first, later], WINDOW)).toEqual([]);
  });

  it("keeps a null screening apart: no screening record is its own category, never read as screened", () => {
    const banned = arrival("k", { at: "2026-11-02T20:00:00Z", matchedBanAtCheckIn: true });
    const unscreened = arrival("k", { at: "2026-11-05T20:00:00Z", matchedBanAtCheckIn: null, source: "scan" });
    const [entry] = missedBans([banned, unscreened], WINDOW);
    expect(entry).toMatchObject({ atCheckIn: "no screening record", category: "no screening record" });
    expect(categoryOf({ matchedBanAtCheckIn: false, source: "manual entry" })).toBe("manual entry");
    expect(categoryOf({ matchedBanAtCheckIn: false, source: "kiosk" })).toBe("other source");
    expect(categoryOf({ matchedBanAtCheckIn: null, source: "manual entry" })).toBe("no screening record");
  });

  it("counts a ban as seen when a pulled day or a later reading said banned, from when it was read", () => {
    const pulledBanned = arrival("p", {
      at: "2026-11-02T20:00:00Z",
      ...RIVERSIDE,
      pulled: { at: new Date("2026-11-03T11:00:00Z"), value: true },
    });
    const afterPull = arrival("p", { at: "2026-11-03T12:00:00Z" });
    expect(missedBans([pulledBanned, afterPull], WINDOW)[0]!.firstSeen).toMatchObject({
      kind: "pulled",
      at: new Date("2026-11-03T11:00:00Z"),
    });
    // One minute before the pull: nothing was read yet.
    const beforePull = arrival("p", { at: "2026-11-03T10:59:00Z" });
    expect(missedBans([pulledBanned, beforePull], WINDOW)).toEqual([]);

    const observed = arrival("o", {
      at: "2026-11-02T20:00:00Z",
      observations: [{ at: new Date("2026-11-04T18:00:00Z"), value: true }],
    });
    const next = arrival("o", { at: "2026-11-06T20:00:00Z", ...RIVERSIDE });
    expect(missedBans([observed, next], WINDOW)[0]!.firstSeen).toMatchObject({ kind: "later" });
  });

  it("clears a ban lifted before the check-in, and counts one imposed again from when it was seen again", () => {
    const banned = arrival("l", {
      at: "2026-11-02T20:00:00Z",
      matchedBanAtCheckIn: true,
      pulled: { at: new Date("2026-11-03T11:00:00Z"), value: true },
      observations: [
        { at: new Date("2026-11-04T11:00:00Z"), value: false },
        { at: new Date("2026-11-08T11:00:00Z"), value: true },
      ],
    });
    const whileLifted = arrival("l", { at: "2026-11-06T20:00:00Z", ...RIVERSIDE });
    const afterAgain = arrival("l", { at: "2026-11-09T20:00:00Z", ...RIVERSIDE });
    const entries = missedBans([banned, whileLifted, afterAgain], WINDOW);
    expect(entries.map((entry) => entry.ref)).toEqual([afterAgain.ref]);
    expect(entries[0]!.firstSeen.at).toEqual(new Date("2026-11-08T11:00:00Z"));
  });

  it("reads a ban and a lift at the same instant as banned, and never a desk's 'no ban matched' as a lift", () => {
    const a = arrival("t", {
      at: "2026-11-01T20:00:00Z",
      ...RIVERSIDE,
      pulled: { at: new Date("2026-11-02T11:00:00Z"), value: false },
    });
    const b = arrival("t", {
      at: "2026-11-01T21:00:00Z",
      pulled: { at: new Date("2026-11-02T11:00:00Z"), value: true },
    });
    const sightings = sightingsOf([a, b]);
    expect(standingBan(sightings, new Date("2026-11-03T00:00:00Z"))).toMatchObject({ banned: true });
    // A first miss does not clear the ban for the second: both are listed.
    const matched = arrival("m", { at: "2026-11-02T20:00:00Z", matchedBanAtCheckIn: true });
    const miss1 = arrival("m", {
      at: "2026-11-03T20:00:00Z",
      ...RIVERSIDE,
      pulled: { at: new Date("2026-11-04T11:00:00Z"), value: true },
    });
    const miss2 = arrival("m", { at: "2026-11-04T20:00:00Z" });
    expect(missedBans([matched, miss1, miss2], WINDOW)).toHaveLength(2);
  });

  it("lists only arrivals of the window's days; the history before it still counts", () => {
    const banned = arrival("w", { at: "2026-10-20T20:00:00Z", matchedBanAtCheckIn: true });
    const inside = arrival("w", { at: "2026-11-01T20:00:00Z", ...RIVERSIDE });
    const outside = arrival("w", { at: "2026-12-01T20:00:00Z", ...RIVERSIDE });
    expect(missedBans([banned, inside, outside], WINDOW).map((entry) => entry.ref)).toEqual([inside.ref]);
  });

  it("tells apart two properties of one name by their zones; the same property involves only itself", () => {
    const la = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
    const ny = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };
    const banned = arrival("s", { at: "2026-11-02T20:00:00Z", matchedBanAtCheckIn: true, ...la });
    const there = arrival("s", {
      at: "2026-11-05T20:00:00Z",
      ...ny,
      pulled: { at: new Date("2026-11-06T08:00:00Z"), value: true },
    });
    const here = arrival("s", { at: "2026-11-06T20:00:00Z", ...la });
    const entries = missedBans([banned, there, here], WINDOW);
    expect(entries.map((entry) => entry.involved.length)).toEqual([1, 2]);
    // Casing and spacing aside, as the API compares names.
    const named = arrival("s", {
      at: "2026-11-07T20:00:00Z",
      propertyName: "seaside  suites",
      propertyTimeZone: la.propertyTimeZone,
    });
    expect(missedBans([banned, named], WINDOW)[0]!.involved).toHaveLength(1);
  });

  it("links nothing that the reads leave out: an erased, purged or restricted arrival, or one whose document is not kept", () => {
    // The history's reads return no row for them (lib/features/history/linkage.ts): without the
    // banned arrival, the later one has no reading before it.
    const later = arrival("e", { at: "2026-11-05T20:00:00Z" });
    expect(missedBans([later], WINDOW)).toEqual([]);
  });
});
