import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import {
  coverageLabel,
  dayChoiceLabel,
  dayEnd,
  describePending,
  emptyListDay,
  emptyListPlace,
  liveDayLabel,
  notStoredSentence,
  pendingProperties,
  timeInZone,
} from "./day-choice";

const KNOWN = [
  { name: "Harbour View Hotel", zones: ["Pacific/Honolulu"] },
  { name: "Riverside & Co. Hotel", zones: ["America/New_York"] },
  { name: "Seaside Suites", zones: ["America/New_York", "America/Los_Angeles"] },
  { name: "さくらイン 新宿", zones: ["Asia/Tokyo"] },
];
const GRACE = 30 * 60_000;
const t = translatorFor("en", "reports");
const format = createFormatter(DEFAULT_HABITS);
const fr = translatorFor("fr", "reports");
const frFormat = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 });
// 06:50 UTC: Tokyo's and New York's Nov 25 have closed, Honolulu's has not.
const NOW = new Date("2026-11-26T06:50:00Z");

describe("dayEnd", () => {
  it("is the property's local midnight after the day", () => {
    expect(dayEnd("2026-11-25", ["Pacific/Honolulu"])).toEqual({
      at: new Date("2026-11-26T10:00:00Z"),
      zone: "Pacific/Honolulu",
    });
    expect(dayEnd("2026-11-25", ["Asia/Tokyo"])!.at).toEqual(new Date("2026-11-25T15:00:00Z"));
  });

  it("of a shared name is the last of its zones' midnights", () => {
    expect(dayEnd("2026-11-25", ["America/New_York", "America/Los_Angeles"])).toEqual({
      at: new Date("2026-11-26T08:00:00Z"),
      zone: "America/Los_Angeles",
    });
  });

  it("follows daylight saving: the day the clocks go back lasts 25 hours", () => {
    // America/Los_Angeles left daylight time on 2026-11-01.
    expect(dayEnd("2026-10-31", ["America/Los_Angeles"])!.at).toEqual(new Date("2026-11-01T07:00:00Z"));
    expect(dayEnd("2026-11-01", ["America/Los_Angeles"])!.at).toEqual(new Date("2026-11-02T08:00:00Z"));
  });

  it("is unknown without a zone, or with one Intl does not know", () => {
    expect(dayEnd("2026-11-25", [])).toBeNull();
    expect(dayEnd("2026-11-25", ["Mars/Olympus_Mons"])).toBeNull();
  });
});

describe("pendingProperties", () => {
  it("says whether each missing property's day has closed there, with the API's grace", () => {
    const pending = pendingProperties("2026-11-25", ["Harbour View Hotel", "Riverside & Co. Hotel"], KNOWN, NOW, GRACE);
    expect(pending).toEqual([
      { name: "Harbour View Hotel", closesAt: "2026-11-26T10:00:00.000Z", zone: "Pacific/Honolulu", closed: false },
      { name: "Riverside & Co. Hotel", closesAt: "2026-11-26T05:00:00.000Z", zone: "America/New_York", closed: true },
    ]);
  });

  it("counts a day as closed only once the grace has passed", () => {
    const justAfter = new Date("2026-11-26T05:10:00Z");
    expect(pendingProperties("2026-11-25", ["Riverside & Co. Hotel"], KNOWN, justAfter, GRACE)[0]!.closed).toBe(false);
  });

  it("knows no closing time for a property Daybook knows no zone of", () => {
    expect(pendingProperties("2026-11-25", ["New Hotel"], KNOWN, NOW, GRACE)).toEqual([
      { name: "New Hotel", closesAt: null, zone: null, closed: true },
    ]);
  });
});

describe("timeInZone", () => {
  it("names the zone by its abbreviation where it has one", () => {
    expect(timeInZone("2026-11-26T10:00:00Z", "Pacific/Honolulu", t, format)).toBe("00:00 HST");
    expect(timeInZone("2026-11-26T05:00:00Z", "America/New_York", t, format)).toBe("00:00 EST");
    expect(timeInZone("2026-07-01T04:00:00Z", "America/New_York", t, format)).toBe("00:00 EDT");
  });

  it("names it by its place where the abbreviation would be a bare offset", () => {
    expect(timeInZone("2026-11-25T15:00:00Z", "Asia/Tokyo", t, format)).toBe("00:00 Asia/Tokyo time");
    expect(timeInZone("2026-11-25T15:00:00Z", "UTC", t, format)).toBe("15:00 UTC");
  });
});

describe("labels", () => {
  const [harbour, riverside] = pendingProperties(
    "2026-11-25",
    ["Harbour View Hotel", "Riverside & Co. Hotel"],
    KNOWN,
    NOW,
    GRACE,
  );

  it("say what a day covers, and when the rest closes", () => {
    expect(coverageLabel(2, [], t, format)).toBe("2 of 2 properties");
    expect(coverageLabel(1, [], t, format)).toBe("1 of 1 property");
    expect(coverageLabel(1, [harbour!], t, format)).toBe(
      "1 of 2 properties — Harbour View Hotel's day closes at 00:00 HST, stored after",
    );
    expect(describePending(riverside!, t, format)).toBe(
      "Riverside & Co. Hotel's day closed at 00:00 EST, not stored yet",
    );
  });

  it("write a name ending in s as its own possessive", () => {
    expect(describePending({ ...harbour!, name: "Seaside Suites" }, t, format)).toBe(
      "Seaside Suites' day closes at 00:00 HST, stored after",
    );
  });

  it("count rather than list when many properties are missing", () => {
    const many = Array.from({ length: 175 }, (_, i) => ({ ...harbour!, name: `Hotel ${i}` }));
    expect(coverageLabel(23, many, t, format)).toBe("23 of 198 properties — 175 still to close, stored after");
    expect(
      coverageLabel(
        23,
        many.map((entry) => ({ ...entry, closed: true })),
        t,
        format,
      ),
    ).toBe("23 of 198 properties — 175 not stored");
  });

  it("put the day first, short", () => {
    expect(dayChoiceLabel("2026-11-25", 1, [harbour!], t, format)).toBe(
      "Wed, Nov 25 — 1 of 2 properties — Harbour View Hotel's day closes at 00:00 HST, stored after",
    );
    expect(dayChoiceLabel("2026-11-25", null, [], t, format)).toBe("Wed, Nov 25 — stored copy");
    expect(liveDayLabel("2026-11-24", t, format)).toBe("Yesterday, Tue, Nov 24 — live");
  });

  it("refuse a day that holds none of the person's properties in words, never as an empty day", () => {
    expect(notStoredSentence("2026-11-25", [harbour!], t, format)).toBe(
      "Nov 25 is not stored yet for Harbour View Hotel (Harbour View Hotel's day closes at 00:00 HST, stored after): a property's day is stored from the first pull after it closes there.",
    );
  });
});

describe("emptyListPlace", () => {
  it("names only the stored properties when a day misses some of the person's", () => {
    const coverage = { covered: ["Riverside & Co. Hotel"], missing: ["Harbour View Hotel"] };
    expect(emptyListPlace(undefined, coverage, t)).toBe("at Riverside & Co. Hotel");
    expect(emptyListPlace(undefined, { covered: ["A", "B"], missing: [] }, t)).toBe("at your properties");
    expect(emptyListPlace(undefined, undefined, t)).toBe("at your properties");
    expect(emptyListPlace("Harbour View Hotel", coverage, t)).toBe("at Harbour View Hotel");
    expect(emptyListPlace(undefined, { covered: ["A", "B", "C", "D"], missing: ["E"] }, t)).toBe(
      "at the 4 of your properties stored",
    );
  });

  it("says which day", () => {
    expect(emptyListDay(undefined, t, format)).toBe("yesterday");
    expect(emptyListDay("2026-11-24", t, format)).toBe("on Nov 24");
  });
});

describe("in French", () => {
  const [harbour] = pendingProperties("2026-11-25", ["Harbour View Hotel"], KNOWN, NOW, GRACE);

  it("writes the same facts in the person's words and formats", () => {
    expect(describePending({ ...harbour!, name: "Seaside Suites" }, fr, frFormat)).toBe(
      "Seaside Suites : la journée se termine à 00 h 00 Pacific/Honolulu (heure locale), enregistrée ensuite",
    );
    expect(coverageLabel(1, [], fr, frFormat)).toBe("1 sur 1 établissement");
    expect(liveDayLabel("2026-11-24", fr, frFormat)).toBe("Hier, mar. 24 nov. — en direct");
    expect(emptyListDay("2026-11-24", fr, frFormat)).toBe("le 24 nov.");
    expect(emptyListPlace(undefined, undefined, fr)).toBe("dans vos établissements");
  });
});
