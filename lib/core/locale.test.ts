import { describe, expect, it } from "vitest";

import {
  canonicalTimeZone,
  choiceForRegion,
  choiceFromAcceptLanguage,
  DEFAULT_LOCALE_CHOICE,
  parseLocaleChoice,
  regionHourCycle,
  regionWeekStart,
  timeZoneChoices,
} from "./locale";

describe("a browser's languages", () => {
  it("gives a Montréal browser French, its region, a 24-hour clock and Sunday weeks", () => {
    expect(choiceFromAcceptLanguage("fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual({
      language: "fr",
      region: "fr-CA",
      hourCycle: "h23",
      weekStart: 7,
    });
  });

  it("follows the quality values, not the order written", () => {
    expect(choiceFromAcceptLanguage("en-US;q=0.5, fr-FR;q=0.9").language).toBe("fr");
    expect(choiceFromAcceptLanguage("en-US;q=0.5, fr-FR;q=0.9").region).toBe("fr-FR");
  });

  it("skips a language Daybook does not speak for the next one it does", () => {
    const choice = choiceFromAcceptLanguage("de-CH, fr-CH;q=0.8");
    expect(choice).toMatchObject({ language: "fr", region: "fr-CH", hourCycle: "h23", weekStart: 1 });
  });

  it("gives a bare language its usual region", () => {
    expect(choiceFromAcceptLanguage("fr").region).toBe("fr-CA");
    expect(choiceFromAcceptLanguage("en").region).toBe("en-US");
  });

  it("gives US English to a browser asking for nothing Daybook speaks, or nothing at all", () => {
    expect(choiceFromAcceptLanguage("ja-JP,de;q=0.5")).toEqual(DEFAULT_LOCALE_CHOICE);
    expect(choiceFromAcceptLanguage("")).toEqual(DEFAULT_LOCALE_CHOICE);
    expect(choiceFromAcceptLanguage(null)).toEqual(DEFAULT_LOCALE_CHOICE);
    expect(choiceFromAcceptLanguage("*;q=0.1, fr;q=0")).toEqual(DEFAULT_LOCALE_CHOICE);
  });

  it("reads a malformed header without failing", () => {
    expect(choiceFromAcceptLanguage(";;,,q=,fr-??;q=x").language).toBe("fr");
  });
});

describe("a region's habits", () => {
  it("knows each region's clock and first day of the week", () => {
    expect(regionHourCycle("en-US")).toBe("h12");
    expect(regionHourCycle("de-CH")).toBe("h23");
    expect(regionWeekStart("de-CH")).toBe(1);
    expect(regionWeekStart("en-US")).toBe(7);
    expect(choiceForRegion("en-GB")).toEqual({ language: "en", region: "en-GB", hourCycle: "h23", weekStart: 1 });
    expect(choiceForRegion("de-CH")).toMatchObject({ language: "en", region: "de-CH" });
  });
});

describe("a stored choice", () => {
  it("is read back as stored", () => {
    const stored = { language: "fr", region: "de-CH", hourCycle: "h12", weekStart: 6 };
    expect(parseLocaleChoice(stored)).toEqual(stored);
  });

  it("is nothing without a language Daybook speaks, and falls back part by part", () => {
    expect(parseLocaleChoice(null)).toBeNull();
    expect(parseLocaleChoice("fr")).toBeNull();
    expect(parseLocaleChoice({ language: "de" })).toBeNull();
    expect(parseLocaleChoice({ language: "fr", region: "xx-YY", hourCycle: "h11", weekStart: 3 })).toEqual({
      language: "fr",
      region: "fr-CA",
      hourCycle: "h23",
      weekStart: 7,
    });
  });
});

describe("a person's own zone", () => {
  it("is read back as stored, and is absent (UTC) where never chosen", () => {
    const stored = { language: "en", region: "en-US", hourCycle: "h12", weekStart: 7, timeZone: "Europe/Zurich" };
    expect(parseLocaleChoice(stored)).toEqual(stored);
    expect(parseLocaleChoice({ ...stored, timeZone: "UTC" })?.timeZone).toBe("UTC");
    expect(parseLocaleChoice({ language: "en" })).not.toHaveProperty("timeZone");
  });

  it("drops a zone the runtime does not know, keeping the rest of the choice", () => {
    for (const junk of ["Mars/Olympus_Mons", "", 3, null, { zone: "Europe/Zurich" }, "x".repeat(200)]) {
      expect(parseLocaleChoice({ language: "fr", region: "fr-CH", timeZone: junk }), JSON.stringify(junk)).toEqual({
        language: "fr",
        region: "fr-CH",
        hourCycle: "h23",
        weekStart: 1,
      });
    }
  });

  it("is spelled as the runtime lists it, whatever the case or the older name typed", () => {
    expect(canonicalTimeZone("Europe/Zurich")).toBe("Europe/Zurich");
    expect(canonicalTimeZone("  europe/zurich ")).toBe("Europe/Zurich");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("US/Pacific")).toBe("America/Los_Angeles");
    // The runtime lists one of India's two names; the other, which a browser may give, reads as it.
    const india = canonicalTimeZone("Asia/Kolkata");
    expect(india).not.toBeNull();
    expect(canonicalTimeZone("Asia/Calcutta")).toBe(india);
    expect(timeZoneChoices()).toContain(india);
  });

  it("refuses what is not a zone", () => {
    for (const junk of ["Mars/Olympus_Mons", "Europe", "", "   ", "GMT+1", 1, null, undefined]) {
      expect(canonicalTimeZone(junk), String(junk)).toBeNull();
    }
  });

  it("is offered from UTC and every zone the runtime knows, each once", () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe("UTC");
    expect(zones).toEqual(expect.arrayContaining(["Europe/Zurich", "America/Toronto", "Pacific/Honolulu"]));
    expect(new Set(zones).size).toBe(zones.length);
    for (const zone of zones) expect(canonicalTimeZone(zone)).toBe(zone);
  });
});
