import { describe, expect, it } from "vitest";

import {
  choiceForRegion,
  choiceFromAcceptLanguage,
  DEFAULT_LOCALE_CHOICE,
  parseLocaleChoice,
  regionHourCycle,
  regionWeekStart,
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
