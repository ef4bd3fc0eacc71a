import { describe, expect, it } from "vitest";

import { bannedHref, nameMatches, nameTerms, parseBannedQuery, viewBanned } from "./banned-view";

const entries = Array.from({ length: 120 }, (_, index) => ({
  id: index,
  label: index % 3 === 0 ? "Seaside Suites (New York time)" : "Harbour View Hotel",
  // Newest first, as the list is: 12 stays a day over ten days, Nov 1–10.
  day: `2026-11-${String(10 - Math.floor(index / 12)).padStart(2, "0")}`,
}));

describe("the banned-after-stay page", () => {
  it("shows 50 stays a page, in the list's order, and where the page lies", () => {
    const second = viewBanned(entries, { page: "2" });
    expect(second).toMatchObject({ page: 2, pages: 3, total: 120, first: 51, property: null, unknownProperty: null });
    expect(second.rows.map((entry) => entry.id)).toEqual(entries.slice(50, 100).map((entry) => entry.id));
    expect(viewBanned(entries, { page: "9" }).page).toBe(3);
    expect(viewBanned(entries, { page: "x" }).page).toBe(1);
  });

  it("offers each property with its stays, and filters to one named as the filter names it, casing aside", () => {
    const view = viewBanned(entries, { property: "seaside  suites (new york time)" });
    expect(view.properties).toEqual([
      { label: "Harbour View Hotel", stays: 80 },
      { label: "Seaside Suites (New York time)", stays: 40 },
    ]);
    expect(view.property).toEqual({ label: "Seaside Suites (New York time)", stays: 40 });
    expect(view.total).toBe(40);
    expect(view.rows.every((entry) => entry.label === "Seaside Suites (New York time)")).toBe(true);
  });

  it("shows the whole list for a property it does not name, saying which", () => {
    const view = viewBanned(entries, { property: "Nowhere Inn" });
    expect(view).toMatchObject({ property: null, unknownProperty: "Nowhere Inn", total: 120 });
  });

  it("narrows to a range of stored days, read the way round it was meant, and names what is not a day", () => {
    const view = viewBanned(entries, { from: "2026-11-09", to: "2026-11-03" });
    expect(view.range).toEqual({ from: "2026-11-03", to: "2026-11-09" });
    expect(view.days).toEqual({ from: "2026-11-01", to: "2026-11-10" });
    expect(view.total).toBe(7 * 12);
    expect(view.rows.every((entry) => entry.day >= "2026-11-03" && entry.day <= "2026-11-09")).toBe(true);
    const open = viewBanned(entries, { from: "2026-11-09", to: "yesterday" });
    expect(open).toMatchObject({ range: { from: "2026-11-09", to: null }, invalidDays: ["yesterday"], total: 24 });
    const both = viewBanned(entries, { property: "Harbour View Hotel", from: "2026-11-10" });
    expect(both.total).toBe(8);
  });

  it("searches names by every term, in any order and casing, only among the stays the filters leave", () => {
    expect(nameTerms("  ANN   smi ")).toEqual(["ann", "smi"]);
    expect(nameMatches("Anna Maria Smith", nameTerms("smi ann"))).toBe(true);
    expect(nameMatches("Anna Maria Jones", nameTerms("smi ann"))).toBe(false);
    const seen: number[] = [];
    const view = viewBanned(entries, { from: "2026-11-10", q: " even " }, (shown) => {
      seen.push(shown.length);
      return shown.filter((entry) => entry.id % 2 === 0);
    });
    expect(seen).toEqual([12]);
    expect(view).toMatchObject({ total: 6, search: "even" });
    // No search, no names read.
    viewBanned(entries, { q: "  " }, () => {
      throw new Error("no search was asked for");
    });
  });

  it("reads its address, never a name search from it, and writes it without the defaults", () => {
    expect(
      parseBannedQuery({ property: "Harbour View Hotel", page: ["2", "3"], from: "2026-11-01", q: "Smith" }),
    ).toEqual({
      property: "Harbour View Hotel",
      from: "2026-11-01",
      page: "2",
    });
    expect(bannedHref({})).toBe("/insights/banned-after-stay");
    expect(bannedHref({ property: "Riverside & Co. Hotel", page: 2 })).toBe(
      "/insights/banned-after-stay?property=Riverside+%26+Co.+Hotel&page=2",
    );
    expect(bannedHref({ from: "2026-11-01", to: "2026-11-07" })).toBe(
      "/insights/banned-after-stay?from=2026-11-01&to=2026-11-07",
    );
  });
});
