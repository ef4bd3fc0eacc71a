import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";

import { thresholdWords, waitedWords, waitingText } from "./waiting";

const french = translatorFor("fr", "review");

describe("waitedWords", () => {
  it("says less than an hour, then hours, up to a day", () => {
    expect(waitedWords(0)).toBe("less than an hour");
    expect(waitedWords(1)).toBe("1 hour");
    expect(waitedWords(5)).toBe("5 hours");
    expect(waitedWords(23)).toBe("23 hours");
  });

  it("says days and hours within a week, whole days without hours", () => {
    expect(waitedWords(24)).toBe("1 day");
    expect(waitedWords(25)).toBe("1 day 1 hour");
    expect(waitedWords(76)).toBe("3 days 4 hours");
    expect(waitedWords(48)).toBe("2 days");
    expect(waitedWords(6 * 24 + 23)).toBe("6 days 23 hours");
  });

  it("says days alone from a week on", () => {
    expect(waitedWords(7 * 24)).toBe("7 days");
    expect(waitedWords(7 * 24 + 5)).toBe("7 days");
    expect(waitedWords(715)).toBe("29 days");
    expect(waitedWords(400 * 24 + 3)).toBe("400 days");
  });
});

describe("waitingText", () => {
  it("keeps the configured threshold in hours in the overdue sentence", () => {
    expect(waitingText({ hoursWaiting: 76, overdue: true }, 24)).toBe(
      "Overdue: waiting 3 days 4 hours, over the 24-hour limit",
    );
    expect(waitingText({ hoursWaiting: 715, overdue: true }, 48)).toBe(
      "Overdue: waiting 29 days, over the 48-hour limit",
    );
    expect(waitingText({ hoursWaiting: 0, overdue: false }, 24)).toBe("Waiting less than an hour");
    expect(waitingText({ hoursWaiting: 5, overdue: false }, 24)).toBe("Waiting 5 hours");
  });

  it("names the threshold in hours", () => {
    expect(thresholdWords(1)).toBe("1 hour");
    expect(thresholdWords(48)).toBe("48 hours");
  });
});

describe("in French", () => {
  it("says the same durations and threshold", () => {
    expect(waitedWords(0, french)).not.toBe("less than an hour");
    expect(waitedWords(1, french)).toBe("1 heure");
    expect(waitedWords(76, french)).toBe("3 jours 4 heures");
    expect(waitingText({ hoursWaiting: 76, overdue: true }, 1_000, french)).toContain("3 jours 4 heures");
    expect(waitingText({ hoursWaiting: 76, overdue: true }, 1_000, french)).toContain("1\u202f000");
    expect(thresholdWords(48, french)).toBe("48 heures");
  });
});
