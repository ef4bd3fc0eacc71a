import { beforeAll, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { labelsInEnglishToo } from "@/lib/core/property-names";
import { itemReviews } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

import { readOutcomeGroups, reviewedPropertyNames } from "./outcome-counts";
import { propertyFalseMatchRate } from "./outcome-rates";
import { matchOutcomesFor, matchOutcomeTablesFor, propertyRatesFor } from "./outcome-reads";
import type { OutcomeQuery } from "./outcome-view";

/**
 * Reviews written as the review flow keeps them (outcome, match, source, property and its local day),
 * then counted by the database: rates by property, source, month and match, the person's properties
 * only, with undone reviews and reviews without an outcome kept out of every rate.
 */

const HARBOUR = "Harbour View Hotel";
const SEASIDE = "Seaside Suites";
const LA = "America/Los_Angeles";
const NY = "America/New_York";
const WINDOW = { from: "2026-01-01", to: "2026-03-31" };

type Outcome = "confirmed" | "false_match" | "outdated" | "unverified" | null;

let sequence = 0;
function review(
  propertyName: string,
  listDate: string,
  outcome: Outcome,
  extra: Partial<{
    zone: string;
    source: string | null;
    criminal: boolean;
    sexOffender: boolean;
    police: boolean;
    undone: boolean;
  }> = {},
) {
  sequence += 1;
  return {
    itemKey: `item-${sequence}`,
    propertyName,
    propertyTimeZone: extra.zone ?? null,
    listDate,
    reviewerEmail: "supervisor@example.com",
    reviewerName: "Sam Supervisor",
    reviewedAt: new Date(`${listDate}T20:00:00Z`),
    outcome,
    policeContacted: extra.police ?? false,
    hasCriminalRecord: outcome === null ? null : (extra.criminal ?? true),
    isSexOffender: outcome === null ? null : (extra.sexOffender ?? false),
    source: outcome === null ? null : extra.source === undefined ? "scan" : extra.source,
    ...(extra.undone && {
      undoneAt: new Date(`${listDate}T22:00:00Z`),
      undoneByEmail: "admin@example.com",
      undoneReason: "Reviewed the wrong guest",
    }),
  };
}

const many = (count: number, make: (index: number) => ReturnType<typeof review>) =>
  Array.from({ length: count }, (_, index) => make(index));

const query = (extra: Partial<OutcomeQuery> = {}): OutcomeQuery => ({ window: 90, sort: "rate", ...extra });

describeEachDatabase("match outcomes", (db) => {
  beforeAll(async () => {
    await db()
      .insert(itemReviews)
      .values([
        // Harbour: 12 settled in January and February (3 not the same person, 1 outdated), 2 could
        // not verify, one with the police contacted, and 2 reviews from before outcomes.
        ...many(8, (index) => review(HARBOUR, index < 4 ? "2026-01-31" : "2026-02-01", "confirmed")),
        ...many(3, () => review(HARBOUR, "2026-02-10", "false_match", { source: "manual entry", sexOffender: true })),
        review(HARBOUR, "2026-02-11", "outdated", { police: true }),
        ...many(2, () => review(HARBOUR, "2026-02-12", "unverified", { source: "scan manual entry" })),
        ...many(2, () => review(HARBOUR, "2026-01-05", null)),
        // Undone: not a review any more.
        review(HARBOUR, "2026-02-12", "false_match", { undone: true }),
        // Outside the window.
        review(HARBOUR, "2025-12-31", "false_match"),
        review(HARBOUR, "2026-04-01", "false_match"),
        // Seaside Suites, two properties of one name, told apart by zone; spelled two ways.
        ...many(10, (index) => review(SEASIDE, "2026-03-02", index < 5 ? "false_match" : "confirmed", { zone: LA })),
        ...many(10, () => review("seaside  SUITES", "2026-03-02", "confirmed", { zone: NY })),
      ]);
  });

  it("finds each spelling of a property name", async () => {
    expect((await reviewedPropertyNames(db())).sort()).toEqual([HARBOUR, SEASIDE, "seaside  SUITES"].sort());
  });

  it("gives one property's rate, its name compared as the API compares names and its zone when given", async () => {
    expect(await propertyFalseMatchRate(db(), { propertyName: HARBOUR, zone: null, day: "2026-03-31" }, 90)).toEqual({
      decided: 12,
      falseMatches: 3,
      outdated: 1,
      confirmed: 8,
      unverified: 2,
      rate: 0.25,
      tooFew: false,
    });
    const losAngeles = await propertyFalseMatchRate(
      db(),
      { propertyName: "SEASIDE suites", zone: LA, day: "2026-03-31" },
      30,
    );
    expect(losAngeles).toMatchObject({ decided: 10, falseMatches: 5, rate: 0.5, tooFew: false });
    const newYork = await propertyFalseMatchRate(db(), { propertyName: SEASIDE, zone: NY, day: "2026-03-31" }, 30);
    expect(newYork).toMatchObject({ decided: 10, falseMatches: 0, rate: 0, tooFew: false });
    // 30 days ending March 31 start on March 2: Harbour's February reviews are outside.
    expect(
      await propertyFalseMatchRate(db(), { propertyName: HARBOUR, zone: null, day: "2026-03-31" }, 30),
    ).toMatchObject({ decided: 0, rate: null, tooFew: true });
    expect(
      await propertyFalseMatchRate(db(), { propertyName: "Nowhere Inn", zone: null, day: "2026-03-31" }, 365),
    ).toMatchObject({ decided: 0, rate: null, tooFew: true });
  });

  it("sums the window by source, month and match in the database", async () => {
    const groups = await readOutcomeGroups(db(), WINDOW);
    const harbourSources = groups.filter((group) => group.dimension === "source" && group.propertyName === HARBOUR);
    expect(harbourSources.reduce((sum, group) => sum + group.noOutcome, 0)).toBe(2);
    expect(harbourSources.find((group) => group.source === "manual entry")).toMatchObject({ falseMatches: 3 });
    expect(await readOutcomeGroups(db(), { ...WINDOW, names: [] })).toEqual([]);
  });

  it("lays out the person's figures, a window's months apart at their boundary", async () => {
    const everyone: PropertyScope = { allProperties: true, properties: [] };
    const view = await matchOutcomesFor(db(), everyone, query(), WINDOW);
    expect(view.total).toMatchObject({ decided: 32, falseMatches: 8, unverified: 2, noOutcome: 2, policeContacted: 1 });
    expect(view.byMonth.map((month) => [month.key, month.decided, month.noOutcome])).toEqual([
      ["2026-01", 4, 2],
      ["2026-02", 8, 0],
      ["2026-03", 20, 0],
    ]);
    expect(view.bySource.map((source) => [source.key, source.decided, source.unverified])).toEqual([
      ["scan", 29, 0],
      ["scan manual entry", 0, 2],
      ["manual entry", 3, 0],
      // The reviews from before outcomes kept no source.
      ["", 0, 0],
    ]);
    expect(view.byMatch.map((match) => [match.key, match.decided, match.falseMatches])).toEqual([
      ["criminal_record", 32, 8],
      ["sex_offender", 3, 3],
      ["", 0, 0],
    ]);
    expect(view.both).toBe(3);
    expect(view.properties.rows.map((row) => [row.label, row.decided, row.rate])).toEqual([
      ["Seaside Suites (Los Angeles time)", 10, 0.5],
      [HARBOUR, 12, 0.25],
      ["seaside  SUITES (New York time)", 10, 0],
    ]);
  });

  it("shows a person only their properties, and one property as asked", async () => {
    const manager: PropertyScope = { allProperties: false, properties: ["harbour view hotel"] };
    const own = await matchOutcomesFor(db(), manager, query(), WINDOW);
    expect(own.severalProperties).toBe(false);
    expect(own.properties.rows.map((row) => row.label)).toEqual([HARBOUR]);
    expect(own.total).toMatchObject({ decided: 12, falseMatches: 3, rate: 0.25 });

    const everyone: PropertyScope = { allProperties: true, properties: [] };
    const one = await matchOutcomesFor(
      db(),
      everyone,
      query({ property: "Seaside Suites (Los Angeles time)" }),
      WINDOW,
    );
    expect(one.property).toEqual({ label: "Seaside Suites (Los Angeles time)" });
    expect(one.total).toMatchObject({ decided: 10, falseMatches: 5, rate: 0.5 });
    expect(one.properties.total).toBe(3);
  });

  it("finds the property a French screen's filter names, and keeps the file's labels English", async () => {
    const everyone: PropertyScope = { allProperties: true, properties: [] };
    const { words, english } = labelsInEnglishToo(translatorFor("fr", "common"));
    const file = await matchOutcomeTablesFor(
      db(),
      everyone,
      query({ property: "Seaside Suites (heure de Los Angeles)" }),
      WINDOW,
      words,
    );
    expect(file.property).toBe("Seaside Suites (heure de Los Angeles)");
    expect(english(file.property!)).toBe("Seaside Suites (Los Angeles time)");
    expect(file.tables.total).toMatchObject({ decided: 10, falseMatches: 5 });
    expect(file.tables.byProperty.map((row) => english(row.label))).toContain("seaside  SUITES (New York time)");
  });

  it("gives the CSV every property and Properties its rates by name", async () => {
    const everyone: PropertyScope = { allProperties: true, properties: [] };
    const file = await matchOutcomeTablesFor(db(), everyone, query({ property: HARBOUR }), WINDOW);
    expect(file.property).toBe(HARBOUR);
    expect(file.tables.total.decided).toBe(12);
    expect(file.tables.byProperty).toHaveLength(3);
    const rates = await propertyRatesFor(
      db(),
      { allProperties: false, properties: [SEASIDE] },
      { window: 90, ...WINDOW },
    );
    expect(rates.map((row) => [row.label, row.falseMatches])).toEqual([
      // By name: the second spelling's double space sorts first.
      ["seaside  SUITES (New York time)", 0],
      ["Seaside Suites (Los Angeles time)", 5],
    ]);
  });
});
