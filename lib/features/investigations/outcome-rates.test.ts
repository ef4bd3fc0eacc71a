import { describe, expect, it } from "vitest";

import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import type { OutcomeGroup } from "./outcome-counts";
import { falseMatchCell, MIN_DECIDED } from "./outcome-rates";
import {
  formatRate,
  monthName,
  outcomeTables,
  outcomeView,
  parseOutcomeQuery,
  type OutcomeQuery,
} from "./outcome-view";

const NONE = { confirmed: 0, falseMatches: 0, outdated: 0, unverified: 0 };

describe("the false-match rate", () => {
  it("has no rate without outcomes", () => {
    expect(falseMatchCell(NONE)).toEqual({ ...NONE, decided: 0, rate: null, tooFew: true });
  });

  it("settles nothing with “could not verify” alone", () => {
    expect(falseMatchCell({ ...NONE, unverified: 40 })).toMatchObject({ decided: 0, unverified: 40, rate: null });
  });

  it("judges from exactly the minimum of settled matches, never below it", () => {
    const below = falseMatchCell({ confirmed: MIN_DECIDED - 3, falseMatches: 1, outdated: 1, unverified: 5 });
    expect(below).toMatchObject({ decided: MIN_DECIDED - 1, rate: null, tooFew: true });
    const at = falseMatchCell({ confirmed: MIN_DECIDED - 3, falseMatches: 2, outdated: 1, unverified: 5 });
    expect(at).toMatchObject({ decided: MIN_DECIDED, falseMatches: 2, rate: 2 / MIN_DECIDED, tooFew: false });
  });

  it("counts an outdated record as settled, not as a false match", () => {
    expect(falseMatchCell({ confirmed: 0, falseMatches: 0, outdated: 12, unverified: 0 })).toMatchObject({
      decided: 12,
      rate: 0,
    });
  });

  it("writes the rate to one decimal in the person's formats, or none where there are too few", () => {
    const us = createFormatter(DEFAULT_HABITS);
    expect(formatRate(falseMatchCell({ ...NONE, confirmed: 7, falseMatches: 1 }), us)).toBeNull();
    expect(formatRate(falseMatchCell({ ...NONE, confirmed: 7, falseMatches: 1, outdated: 2 }), us)).toBe("10.0%");
    expect(formatRate(falseMatchCell({ ...NONE, confirmed: 2, falseMatches: 1, outdated: 0, unverified: 0 }), us)).toBe(
      null,
    );
    expect(formatRate(falseMatchCell({ ...NONE, confirmed: 11, falseMatches: 1 }), us)).toBe("8.3%");
    const quebec = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 });
    expect(formatRate(falseMatchCell({ ...NONE, confirmed: 11, falseMatches: 1 }), quebec)).toBe("8,3\u00a0%");
    expect(monthName("2026-11", us)).toBe("November 2026");
    expect(monthName("2026-11", quebec)).toBe("novembre 2026");
  });
});

type Counts = Partial<Pick<OutcomeGroup, "confirmed" | "falseMatches" | "outdated" | "unverified" | "noOutcome">>;

/** One property's reviews of one month, source and match, as the three groupings of the database give them. */
function reviews(
  propertyName: string,
  zone: string | null,
  { month = "2026-02", source = "scan" as string | null, criminal = true, sexOffender = false } = {},
  counts: Counts = {},
): OutcomeGroup[] {
  const base = {
    propertyName,
    zone,
    source: null,
    month: null,
    criminalRecord: null,
    sexOffender: null,
    confirmed: 0,
    falseMatches: 0,
    outdated: 0,
    unverified: 0,
    noOutcome: 0,
    policeContacted: 0,
    ...counts,
  };
  return [
    { ...base, dimension: "source", source },
    { ...base, dimension: "month", month },
    { ...base, dimension: "match", criminalRecord: criminal, sexOffender },
  ];
}

const WINDOW = { window: 90 as const, from: "2026-01-15", to: "2026-03-10" };

describe("the tables", () => {
  it("shows every month of the window, split at the month's last day, the ends as parts", () => {
    const tables = outcomeTables(
      [
        ...reviews("Harbour", null, { month: "2026-01" }, { confirmed: 4 }),
        ...reviews("Harbour", null, { month: "2026-02" }, { falseMatches: 1 }),
      ],
      WINDOW,
    );
    expect(
      tables.byMonth.map((month) => [month.key, month.label, month.from, month.to, month.partial, month.decided]),
    ).toEqual([
      ["2026-01", "January 2026", "2026-01-15", "2026-01-31", true, 4],
      ["2026-02", "February 2026", "2026-02-01", "2026-02-28", false, 1],
      ["2026-03", "March 2026", "2026-03-01", "2026-03-10", true, 0],
    ]);
  });

  it("counts a review without an outcome apart, in no rate", () => {
    const tables = outcomeTables(
      [...reviews("Harbour", null, {}, { confirmed: 9 }), ...reviews("Harbour", null, {}, { noOutcome: 6 })],
      WINDOW,
    );
    expect(tables.total).toMatchObject({ decided: 9, noOutcome: 6, rate: null, tooFew: true });
  });

  it("keeps two properties of one name apart by zone, each labelled with it", () => {
    const tables = outcomeTables(
      [
        ...reviews("Seaside Suites", "America/Los_Angeles", {}, { falseMatches: 5, confirmed: 5 }),
        ...reviews("seaside suites", "America/New_York", {}, { confirmed: 10 }),
        ...reviews("Seaside Suites", null, {}, { confirmed: 1 }),
      ],
      WINDOW,
    );
    expect(tables.byProperty.map((row) => [row.label, row.decided, row.rate])).toEqual([
      ["Seaside Suites (Los Angeles time)", 10, 0.5],
      ["seaside suites (New York time)", 10, 0],
      ["Seaside Suites (one of several properties of this name)", 1, null],
    ]);
    expect(tables.total).toMatchObject({ decided: 21, falseMatches: 5 });
  });

  it("counts a guest matching both in each match, and says how many", () => {
    const tables = outcomeTables(
      [
        ...reviews("Harbour", null, { criminal: true, sexOffender: true }, { falseMatches: 2, unverified: 1 }),
        ...reviews("Harbour", null, { criminal: true, sexOffender: false }, { confirmed: 10 }),
        ...reviews("Harbour", null, { criminal: false, sexOffender: true }, { outdated: 3 }),
      ],
      WINDOW,
    );
    expect(tables.byMatch.map((row) => [row.key, row.decided, row.falseMatches, row.unverified])).toEqual([
      ["criminal_record", 12, 2, 1],
      ["sex_offender", 5, 2, 1],
    ]);
    expect(tables.both).toBe(3);
  });

  it("lists the API's three sources always, then any other, then reviews that kept none", () => {
    const tables = outcomeTables(
      [
        ...reviews("Harbour", null, { source: "manual entry" }, { confirmed: 2 }),
        ...reviews("Harbour", null, { source: "kiosk" }, { confirmed: 1 }),
        ...reviews("Harbour", null, { source: null }, { noOutcome: 4 }),
      ],
      WINDOW,
    );
    expect(tables.bySource.map((row) => [row.label, row.decided, row.noOutcome])).toEqual([
      ["scan", 0, 0],
      ["scan manual entry", 0, 0],
      ["manual entry", 2, 0],
      ["kiosk", 1, 0],
      ["Not recorded", 0, 4],
    ]);
  });

  it("orders properties by rate, judged ones first, and cuts the figures to the one asked for", () => {
    const groups = [
      ...reviews("Harbour", null, {}, { confirmed: 8, falseMatches: 2 }),
      ...reviews("Riverside", null, {}, { confirmed: 5, falseMatches: 5 }),
      ...reviews("Quiet Inn", null, {}, { falseMatches: 3 }),
      ...reviews("Big Hotel", null, {}, { confirmed: 40 }),
    ];
    const query: OutcomeQuery = { window: 90, sort: "rate" };
    const view = outcomeView(groups, query, { ...WINDOW, severalProperties: true });
    expect(view.properties.rows.map((row) => row.label)).toEqual(["Riverside", "Harbour", "Big Hotel", "Quiet Inn"]);
    expect(view.total).toMatchObject({ decided: 63, falseMatches: 10 });

    const one = outcomeView(groups, { ...query, property: "riverside" }, { ...WINDOW, severalProperties: true });
    expect(one.property).toEqual({ label: "Riverside" });
    expect(one.total).toMatchObject({ decided: 10, rate: 0.5 });
    expect(one.properties.total).toBe(4);

    const unknown = outcomeView(groups, { ...query, property: "Nowhere" }, { ...WINDOW, severalProperties: true });
    expect(unknown).toMatchObject({ property: null, unknownProperty: "Nowhere" });
    expect(unknown.total.decided).toBe(63);
  });

  it("offers no property controls to a person with one property", () => {
    const view = outcomeView(
      reviews("Harbour", null, {}, { confirmed: 3 }),
      { window: 30, sort: "rate" },
      {
        ...WINDOW,
        severalProperties: false,
      },
    );
    expect(view.severalProperties).toBe(false);
  });

  it("reads the sort from the address, by rate unless another is named", () => {
    expect(parseOutcomeQuery({ window: 90 }, { sort: "name" }).sort).toBe("name");
    expect(parseOutcomeQuery({ window: 90 }, { sort: "nonsense" }).sort).toBe("rate");
  });
});
