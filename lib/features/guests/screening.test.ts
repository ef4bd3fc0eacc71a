import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { banAtCheckIn, matchesScreening, SCREENING_FILTERS, screeningBadges } from "./screening";

const clean = {
  hasCriminalRecord: false,
  isSexualOffender: false,
  matchedBanAtCheckIn: false,
  isCurrentlyBanned: false,
};

describe("screeningBadges", () => {
  it("tells the three ban-at-check-in states apart", () => {
    expect([true, false, null].map((value) => banAtCheckIn(value))).toEqual([
      { id: "banAtCheckIn", words: "banMatched", label: "Ban matched at check-in", tone: "danger" },
      { id: "banAtCheckIn", words: "screenedNoBan", label: "Screened, no ban", tone: "ok" },
      { id: "banAtCheckIn", words: "noScreeningRecord", label: "No screening record", tone: "neutral" },
    ]);
  });

  it("show the screen the same words as the CSV writes, in English", () => {
    const t = translatorFor("en", "guests");
    const all = [true, false, null].map((value) => banAtCheckIn(value));
    all.push(
      ...screeningBadges({
        hasCriminalRecord: true,
        isSexualOffender: true,
        matchedBanAtCheckIn: true,
        isCurrentlyBanned: true,
      }),
    );
    for (const badge of all) expect(t(`screening.${badge.words}`)).toBe(badge.label);
    expect(translatorFor("fr", "guests")("screening.screenedNoBan")).not.toBe("Screened, no ban");
  });

  it("lists every outcome in a fixed order", () => {
    const all = screeningBadges({
      hasCriminalRecord: true,
      isSexualOffender: true,
      matchedBanAtCheckIn: true,
      isCurrentlyBanned: true,
    });
    expect(all.map((badge) => badge.label)).toEqual([
      "Criminal record",
      "Sex offender",
      "Ban matched at check-in",
      "Currently banned (live)",
    ]);
    expect(all.at(-1)).toMatchObject({ tone: "warning", asOf: true });
  });

  it("shows a sex-offender match without a criminal record, and a clean screening as such", () => {
    expect(screeningBadges({ ...clean, isSexualOffender: true }).map((b) => b.label)).toEqual([
      "Sex offender",
      "Screened, no ban",
    ]);
    expect(screeningBadges(clean).map((b) => b.label)).toEqual(["Screened, no ban"]);
  });

  it("shows a guest banned after a clean screening as both", () => {
    expect(screeningBadges({ ...clean, isCurrentlyBanned: true }).map((b) => b.label)).toEqual([
      "Screened, no ban",
      "Currently banned (live)",
    ]);
  });

  it("never mixes the staff flag in", () => {
    expect(JSON.stringify(screeningBadges({ ...clean, matchedBanAtCheckIn: null }))).not.toContain("staff");
  });
});

describe("matchesScreening", () => {
  const item = { ...clean, isFlagged: false };

  it("keeps every arrival under All arrivals", () => {
    expect(matchesScreening(item, "all")).toBe(true);
  });

  it("counts a current ban as a match, a clean screening and the staff flag not", () => {
    expect(matchesScreening(item, "any-match")).toBe(false);
    expect(matchesScreening({ ...item, isFlagged: true }, "any-match")).toBe(false);
    expect(matchesScreening({ ...item, matchedBanAtCheckIn: null }, "any-match")).toBe(false);
    for (const found of [
      { hasCriminalRecord: true },
      { isSexualOffender: true },
      { matchedBanAtCheckIn: true },
      { isCurrentlyBanned: true },
    ]) {
      expect(matchesScreening({ ...item, ...found }, "any-match")).toBe(true);
    }
  });

  it("tells no screening record apart from a clean screening", () => {
    expect(matchesScreening({ ...item, matchedBanAtCheckIn: null }, "no-screening-record")).toBe(true);
    expect(matchesScreening(item, "no-screening-record")).toBe(false);
    expect(matchesScreening(item, "ban-at-check-in")).toBe(false);
  });

  it("offers the staff flag in a group of its own", () => {
    expect(SCREENING_FILTERS.find((filter) => filter.id === "flagged")).toMatchObject({
      words: "flagged",
      group: "staff",
    });
    expect(translatorFor("en", "guests")("show.flagged")).toBe("Flagged by staff");
    expect(SCREENING_FILTERS.filter((filter) => filter.group === "screening").map((filter) => filter.id)).not.toContain(
      "flagged",
    );
    expect(matchesScreening({ ...item, isFlagged: true }, "flagged")).toBe(true);
    expect(matchesScreening({ ...item, isFlagged: true }, "criminal")).toBe(false);
  });
});
