import { describe, expect, it } from "vitest";

import { bannedHref, parseBannedQuery, viewBanned } from "./banned-view";

const entries = Array.from({ length: 120 }, (_, index) => ({
  id: index,
  label: index % 3 === 0 ? "Seaside Suites (New York time)" : "Harbour View Hotel",
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

  it("reads its address, and writes it without the defaults", () => {
    expect(parseBannedQuery({ property: "Harbour View Hotel", page: ["2", "3"] })).toEqual({
      property: "Harbour View Hotel",
      page: "2",
    });
    expect(bannedHref({})).toBe("/insights/banned-after-stay");
    expect(bannedHref({ property: "Riverside & Co. Hotel", page: 2 })).toBe(
      "/insights/banned-after-stay?property=Riverside+%26+Co.+Hotel&page=2",
    );
  });
});
