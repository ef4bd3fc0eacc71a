import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import type { Habits } from "@/lib/core/locale";

import {
  describeApiChange,
  describeGapIn,
  describeMismatchIn,
  describeSumCheckIn,
  figureFormat,
  formatBaselineDayIn,
  formatReadTimeIn,
  unrecordedNoteIn,
} from "./figure-words";
import { ALL_TILES, type RowColumn, type SumCheck, type SumState } from "./figures";

const en = translatorFor("en", "overview");
const fr = translatorFor("fr", "overview");
const us = createFormatter(DEFAULT_HABITS);
const quebec = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 } satisfies Habits);

const figuresOf = (t: typeof en, format = us) => figureFormat(format, (key, values) => t(`figures.${key}`, values));
const changeOf = (t: typeof en) => (key: "up" | "down" | "same" | "none", values?: Record<string, string | number>) =>
  t(`change.${key}`, values);
const gapOf =
  (t: typeof en) => (key: "after" | "before" | "hours" | "minutes", values?: Record<string, string | number>) =>
    t(`gap.${key}`, values);

const check = (column: RowColumn, headline: number | null, sum: number, state: SumState): SumCheck => ({
  tile: ALL_TILES.find((tile) => tile.column === column)!,
  headline,
  sum,
  state,
});

describe("figures in the person's formats", () => {
  it("shows a null count as Not recorded, never 0, and counts with the region's separators", () => {
    expect(figuresOf(en).value(null)).toBe("Not recorded");
    expect(figuresOf(en).value(0)).toBe("0");
    expect(figuresOf(en).value(12345)).toBe("12,345");
    expect(figuresOf(fr, quebec).value(null)).toBe("Non enregistré");
    expect(figuresOf(fr, quebec).value(12345)).toBe(quebec.number(12345));
  });

  it("gives shares and rates one decimal, and a dash without scans", () => {
    expect(figuresOf(en).share(15)).toBe("15.0 %");
    expect(figuresOf(en).share(null)).toBe("—");
    expect(figuresOf(en).rate(1 / 3)).toBe("0.3");
    expect(figuresOf(en).rate(null)).toBe("—");
    expect(figuresOf(fr, quebec).share(12.5)).toMatch(/^12,5\s%$/);
    expect(figuresOf(fr, quebec).rate(3)).toBe("3,0");
  });
});

describe("describeApiChange", () => {
  it("says No comparable baseline for null, never 0 %", () => {
    expect(describeApiChange(changeOf(en), us, null)).toEqual({ direction: "none", words: "No comparable baseline" });
    expect(describeApiChange(changeOf(en), us, Number.NaN).direction).toBe("none");
  });
  it("words a rise and a fall without a minus sign", () => {
    expect(describeApiChange(changeOf(en), us, 12.5)).toEqual({
      direction: "up",
      words: "Up 12.5 % on the day before",
    });
    expect(describeApiChange(changeOf(en), us, -3).words).toBe("Down 3 % on the day before");
    expect(describeApiChange(changeOf(fr), quebec, 12.5).words).toMatch(/12,5/);
  });
  it("says No change for a movement that rounds to zero", () => {
    expect(describeApiChange(changeOf(en), us, -0.04)).toEqual({
      direction: "same",
      words: "No change on the day before",
    });
  });
});

describe("the row check in words", () => {
  it("reports a mismatch with both numbers, naming the figure", () => {
    expect(describeMismatchIn(en, figuresOf(en), check("banMatches", 6, 5, "differs"))).toBe(
      "Ban-match alerts: the rows add up to 5, the headline figure is 6.",
    );
  });

  it("sums the check up in one sentence, naming what it could not check", () => {
    const matching = ALL_TILES.map((tile) => check(tile.column, 1, 1, "matches"));
    expect(describeSumCheckIn(en, matching)).toBe("Check: every column of the rows adds up to its headline figure.");
    const local = [...matching.slice(0, -1), check("localAlert", null, 9, "not-recorded")];
    expect(describeSumCheckIn(en, local)).toBe(
      "Check: every column of the rows adds up to its headline figure. Not checked, as not recorded: local warnings.",
    );
    const two = [...matching.slice(2), check("scans", 1, 2, "differs"), check("manualEntry", 1, 2, "differs")];
    expect(describeSumCheckIn(en, two)).toBe("Check: 2 of the headline figures differ from the sum of the rows.");
    expect(describeSumCheckIn(en, [check("scans", 1, 2, "differs")])).toMatch(
      /^Check: 1 of the headline figures differs/,
    );
  });
});

describe("unrecordedNoteIn", () => {
  it("names the figures not recorded, as a sentence starts", () => {
    expect(unrecordedNoteIn(en, ["localAlert"])).toMatch(/^Local warnings: not recorded for this day/);
    expect(unrecordedNoteIn(en, new Set<RowColumn>(["ageAlert", "localAlert"]))).toMatch(
      /^Age warnings and local warnings:/,
    );
    expect(unrecordedNoteIn(en, ["scans", "ageAlert", "localAlert"])).toMatch(
      /^Scans, age warnings and local warnings:/,
    );
    expect(unrecordedNoteIn(en, [])).toBeNull();
    expect(unrecordedNoteIn(fr, ["ageAlert", "localAlert"])).toMatch(/ et /);
  });
});

describe("describeGapIn", () => {
  it("words the hours between generated and requested", () => {
    expect(describeGapIn(gapOf(en), "2026-11-23T10:20:00Z", "2026-11-23T15:02:11Z")).toBe(
      "4 h 42 min after they were generated",
    );
    expect(describeGapIn(gapOf(en), "2026-11-23T10:20:00Z", "2026-11-23T10:25:00Z")).toBe(
      "5 min after they were generated",
    );
  });
  it("words a request a little before the stored time", () => {
    expect(describeGapIn(gapOf(en), "2026-11-23T10:20:00Z", "2026-11-23T10:12:00Z")).toBe(
      "8 min before the stored time (the clocks differ slightly)",
    );
  });
  it("says nothing for unreadable times", () => {
    expect(describeGapIn(gapOf(en), "nonsense", "2026-11-23T10:12:00Z")).toBe("");
  });
});

describe("the compact day and the time a report was read", () => {
  it("names the day as 'Mon 23 Nov' in English regions, in the region's words elsewhere", () => {
    expect(formatBaselineDayIn(us, "2026-11-23")).toBe("Mon 23 Nov");
    expect(formatBaselineDayIn(createFormatter({ ...DEFAULT_HABITS, region: "en-GB" }), "2026-11-23")).toBe(
      "Mon 23 Nov",
    );
    expect(formatBaselineDayIn(quebec, "2026-11-23")).toBe("lun. 23 nov.");
  });
  it("writes a UTC time on the 24-hour clock, in the region's way", () => {
    expect(formatReadTimeIn(us, "2026-11-25T09:05:00Z")).toBe("09:05 UTC");
    expect(formatReadTimeIn(quebec, "2026-11-25T09:05:00Z")).toBe("09 h 05 UTC");
  });
  it("writes it in the person's own zone, named, once they chose one", () => {
    const zurich = createFormatter({ ...DEFAULT_HABITS, region: "de-CH", timeZone: "Europe/Zurich" });
    expect(formatReadTimeIn(zurich, "2026-11-25T09:05:00Z")).toBe("10:05 MEZ");
    const montreal = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7, timeZone: "America/Toronto" });
    expect(formatReadTimeIn(montreal, "2026-07-01T09:05:00Z")).toBe("05 h 05 HAE");
  });
});
