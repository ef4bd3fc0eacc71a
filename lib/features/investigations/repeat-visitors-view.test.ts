import { describe, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { SIGNAL } from "@/lib/core/match-outcomes";

import type { RepeatVisit } from "./repeat-visitors";
import { repeatVisitorsCsvTable } from "./repeat-visitors-csv";
import { foundKeys, parseRepeatQuery, repeatRows, repeatVisitorsHref, viewRepeatVisits } from "./repeat-visitors-view";

const HARBOUR = { propertyName: "Harbour View Hotel", propertyTimeZone: "Pacific/Honolulu" };
const RIVERSIDE = { propertyName: "Riverside & Co. Hotel", propertyTimeZone: "America/New_York" };
const ZURICH = { propertyName: "Grand Hotel Zürich", propertyTimeZone: "Europe/Zurich" };
const SEASIDE_LA = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
const SEASIDE_NY = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };

let position = 0;

function entry(
  kind: RepeatVisit["kind"],
  ...properties: { propertyName: string; propertyTimeZone: string }[]
): RepeatVisit {
  const visits = properties.map((property, index) => {
    position += 1;
    return {
      ...property,
      ref: { reportId: 1, position },
      day: `2026-11-0${index + 2}`,
      checkInAtUtc: `2026-11-0${index + 2}T20:00:00Z`,
      signals: index === 0 && kind === "after-flag" ? SIGNAL.staffFlag : 0,
    };
  });
  const seen = new Map(
    properties.map((property) => [`${property.propertyName}|${property.propertyTimeZone}`, property]),
  );
  return { kind, visits, days: properties.length - 1, involved: [...seen.values()] };
}

const SUPERVISOR: PropertyScope = { allProperties: false, properties: ["Riverside & Co. Hotel", "Harbour View Hotel"] };
const EVERYONE: PropertyScope = { allProperties: true, properties: [] };

describe("who sees a repeat visit", () => {
  it("lists an entry only to a person who sees every property, and counts the others touching theirs", () => {
    const entries = [
      entry("after-flag", HARBOUR, RIVERSIDE),
      entry("after-flag", HARBOUR, ZURICH),
      entry("spread", RIVERSIDE, HARBOUR, ZURICH),
      // Nothing of theirs: not even counted.
      entry("after-flag", ZURICH, SEASIDE_LA),
    ];
    const mine = repeatRows(entries, SUPERVISOR, []);
    expect(mine.rows.map((row) => row.labels)).toEqual([["Harbour View Hotel", "Riverside & Co. Hotel"]]);
    expect(mine.hidden).toBe(2);
    expect(repeatRows(entries, EVERYONE, [])).toMatchObject({ hidden: 0 });
    expect(repeatRows(entries, EVERYONE, []).rows).toHaveLength(4);
  });

  it("tells two properties of one name apart by their zones, in the labels and the figures", () => {
    const { rows } = repeatRows([entry("after-flag", SEASIDE_LA, SEASIDE_NY)], EVERYONE, ["Seaside Suites"]);
    expect(rows[0]!.labels).toEqual(["Seaside Suites (Los Angeles time)", "Seaside Suites (New York time)"]);
    expect(rows[0]!.visits[0]!.signals).toEqual(["Flagged by staff"]);
    expect(rows[0]!.visits[0]!.found).toEqual(["staffFlag"]);
    expect(foundKeys(SIGNAL.sexOffender | SIGNAL.staffFlag | SIGNAL.spread)).toEqual(["staffFlag", "sexOffender"]);
    const view = viewRepeatVisits(rows, 0, parseRepeatQuery({ window: 90 }, {}), {
      from: "2026-09-01",
      to: "2026-11-30",
      severalProperties: true,
    });
    expect(view.figures.rows).toEqual([
      { label: "Seaside Suites (Los Angeles time)", flaggedHere: 1, arrivedHere: 0, spread: 0 },
      { label: "Seaside Suites (New York time)", flaggedHere: 0, arrivedHere: 1, spread: 0 },
    ]);
  });
});

describe("the list", () => {
  it("is the group's, or one property's, or one rule's, sorted and paged 50 at a time", () => {
    const entries = [
      ...Array.from({ length: 40 }, () => entry("after-flag", HARBOUR, RIVERSIDE)),
      ...Array.from({ length: 20 }, () => entry("spread", RIVERSIDE, ZURICH, SEASIDE_LA)),
    ];
    const { rows } = repeatRows(entries, EVERYONE, []);
    const bounds = { from: "2026-09-01", to: "2026-11-30", severalProperties: true };
    const group = viewRepeatVisits(rows, 0, parseRepeatQuery({ window: 90 }, {}), bounds);
    expect(group).toMatchObject({ total: 60, pages: 2, figures: { total: { afterFlag: 40, spread: 20 } } });
    const harbour = viewRepeatVisits(
      rows,
      0,
      parseRepeatQuery({ window: 90, property: "Harbour View Hotel" }, {}),
      bounds,
    );
    expect(harbour.total).toBe(40);
    const spread = viewRepeatVisits(
      rows,
      0,
      parseRepeatQuery({ window: 90 }, { kind: "spread", sort: "closest" }),
      bounds,
    );
    expect(spread).toMatchObject({ total: 20, kind: "spread", sort: "closest" });
    expect(parseRepeatQuery({ window: 90 }, { kind: "everything" }).kind).toBeUndefined();
    expect(repeatVisitorsHref({ window: 30, kind: "spread", page: 2 })).toBe(
      "/investigations/repeat-visitors?window=30&kind=spread&page=2",
    );
  });

  it("writes every visit in its property's own time, named", () => {
    const { rows } = repeatRows([entry("after-flag", HARBOUR, ZURICH)], EVERYONE, []);
    const table = repeatVisitorsCsvTable([{ ...rows[0]!, name: "Ana Ruiz", otherNames: ["Ana Ruiz Gómez"] }]);
    const cell = (header: string) => table.rows[0]![table.headers.indexOf(header)];
    expect(cell("First visit")).toBe("Harbour View Hotel, Nov 2, 2026, 10:00 AM HST");
    expect(cell("Latest visit")).toBe("Grand Hotel Zürich, Nov 3, 2026, 9:00 PM Europe/Zurich");
    expect(cell("Found at the first visit")).toBe("Flagged by staff");
    expect(cell("Also recorded as")).toBe("Ana Ruiz Gómez");
  });
});
