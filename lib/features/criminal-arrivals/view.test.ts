import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import { emptyListDay, emptyListPlace } from "@/lib/features/reports/day-choice";

import { emptyStateTitle, flagCountsText, sortByCheckIn, summarize, summaryText, visibleArrivals } from "./view";

const item = (
  name: string,
  checkInAtUtc: string,
  acknowledgedAtUtc: string | null,
  flags = { hasCriminalRecord: true, isSexualOffender: false },
) => ({
  name,
  checkInAtUtc,
  acknowledgedAtUtc,
  ...flags,
});

const t = translatorFor("en", "criminalArrivals");
const fr = translatorFor("fr", "criminalArrivals");

const items = [
  item("b", "2026-11-22T03:00:00Z", "2026-11-22T03:05:00Z"),
  item("a", "2026-11-21T17:00:00Z", null, { hasCriminalRecord: false, isSexualOffender: true }),
  item("c", "2026-11-22T03:00:00Z", null, { hasCriminalRecord: true, isSexualOffender: true }),
  item("d", "2026-11-22T09:00:00Z", "2026-11-22T09:01:00Z"),
];

describe("sortByCheckIn", () => {
  it("orders by instant, ties in the API's order, in both directions", () => {
    expect(sortByCheckIn(items, "earliest").map((i) => i.name)).toEqual(["a", "b", "c", "d"]);
    expect(sortByCheckIn(items, "latest").map((i) => i.name)).toEqual(["d", "b", "c", "a"]);
  });

  it("compares instants, not text", () => {
    const mixed = [item("late", "2026-11-22T10:00:00Z", null), item("early", "2026-11-22T09:30:00.000Z", null)];
    expect(sortByCheckIn(mixed, "earliest").map((i) => i.name)).toEqual(["early", "late"]);
  });

  it("leaves its input alone", () => {
    const before = items.map((i) => i.name);
    sortByCheckIn(items, "latest");
    expect(items.map((i) => i.name)).toEqual(before);
  });
});

describe("visibleArrivals", () => {
  it("keeps only alerts not acknowledged at the desk when asked", () => {
    expect(visibleArrivals(items, { onlyNotAcknowledged: true, order: "earliest" }).map((i) => i.name)).toEqual([
      "a",
      "c",
    ]);
    expect(visibleArrivals(items, { onlyNotAcknowledged: false, order: "earliest" })).toHaveLength(4);
  });
});

describe("summary", () => {
  it("counts guests, and each flag apart", () => {
    const summary = summarize(items);
    expect(summary).toEqual({ matches: 4, notAcknowledged: 2, criminalRecord: 3, sexOffender: 2 });
    expect(summaryText(summary, t)).toBe("4 matches, of which 2 not acknowledged at the desk");
    expect(flagCountsText(summary, t)).toBe(
      "3 guests with a criminal-record match · 2 guests with a sex-offender match (a guest can have both)",
    );
  });

  it("reads naturally for one match and for none left unacknowledged", () => {
    expect(summaryText(summarize([items[0]!]), t)).toBe("1 match, all acknowledged at the desk");
    expect(summaryText(summarize([items[1]!]), t)).toBe("1 match, of which 1 not acknowledged at the desk");
    expect(summaryText(summarize([]), t)).toBe("No matches");
    expect(flagCountsText(summarize([items[1]!]), t)).toMatch(/^0 guests with a criminal-record match · 1 guest with/);
  });
});

describe("in French", () => {
  it("counts with French plurals", () => {
    expect(summaryText(summarize(items), fr)).toBe("4 correspondances, dont 2 non prises en compte à la réception");
    expect(summaryText(summarize([items[0]!]), fr)).toBe("1 correspondance, prise en compte à la réception");
  });
});

describe("emptyStateTitle", () => {
  const reports = translatorFor("en", "reports");
  const format = createFormatter(DEFAULT_HABITS);
  const place = (name?: string) => emptyListPlace(name, undefined, reports);
  const yesterday = emptyListDay(undefined, reports, format);

  it("names the property, or the person's properties", () => {
    expect(emptyStateTitle(place("Riverside & Co. Hotel"), yesterday, t)).toBe(
      "No criminal arrivals yesterday at Riverside & Co. Hotel",
    );
    expect(emptyStateTitle(place(), yesterday, t)).toBe("No criminal arrivals yesterday at your properties");
    expect(emptyStateTitle(place("Riverside & Co. Hotel"), emptyListDay("2026-11-24", reports, format), t)).toBe(
      "No criminal arrivals on Nov 24 at Riverside & Co. Hotel",
    );
  });
});
