import { describe, expect, it } from "vitest";

import { arrival } from "./fixtures.test-support";
import {
  countScreening,
  DEFAULT_QUERY,
  fingerprintOf,
  FIRST_PAGE_SIZE,
  indexArrivals,
  matchingPositions,
  MAX_PAGE_SIZE,
  nextOffset,
  normaliseSearch,
  PAGE_SIZE,
  pageOf,
  pageSizeAfter,
  sameQuery,
  viewFromSearchParams,
  viewSearchParams,
} from "./query";
import { buildRows, filterRows } from "./rows";
import { matchesScreening, SCREENING_FILTER_IDS } from "./screening";
import { SORT_KEYS, sortRows, type GuestSort } from "./sort";
import type { GuestsReportInfo } from "./types";

const items = [
  arrival({ firstName: "Zoe", lastName: "Adams", roomNumber: "101", propertyName: "Seaside Suites" }),
  arrival({
    firstName: null,
    lastName: null,
    roomNumber: "9",
    propertyName: "Harbour View Hotel",
    checkInAtUtc: "2026-11-22T08:00:00Z",
    matchedBanAtCheckIn: null,
  }),
  arrival({
    firstName: "Amy",
    lastName: "Baker",
    roomNumber: "12",
    propertyName: "Grand Hotel Zürich",
    checkInAtUtc: "2026-11-22T09:00:00Z",
    hasCriminalRecord: true,
    isFlagged: true,
  }),
  arrival({
    firstName: "Alan",
    lastName: "Turing",
    roomNumber: "202",
    identificationNumber: "••••••1234",
    email: "alan@x.org",
    checkInAtUtc: "2026-11-22T09:00:00Z",
    matchedBanAtCheckIn: true,
    isCurrentlyBanned: true,
  }),
  arrival({
    firstName: "Ada",
    lastName: "Adams",
    roomNumber: "12",
    checkInAtUtc: "2026-11-22T07:30:00Z",
    isSexualOffender: true,
  }),
];

const report: GuestsReportInfo = {
  reportedDateLocal: "2026-11-22",
  sharedNames: [],
  message: null,
  storedCopy: null,
  readAt: "2026-11-23T08:00:00.000Z",
};

const sorts: GuestSort[] = SORT_KEYS.flatMap((key) => [
  { key, direction: "asc" as const },
  { key, direction: "desc" as const },
]);

describe("matchingPositions", () => {
  it("keeps and orders exactly as the CSV export's filterRows and sortRows do", () => {
    const rows = buildRows(items);
    const index = indexArrivals(items);
    for (const sort of sorts) {
      for (const q of ["", "ada", "12", "adams 12", "1234", "ALAN@X", "nobody"]) {
        const expected = filterRows(sortRows(rows, sort), q).map((row) => row.key);
        const positions = matchingPositions(index, items, { q, screening: "all", sort });
        expect(Array.from(positions, (position) => rows[position]!.key)).toEqual(expected);
      }
    }
  });

  it("narrows to a screening outcome or to the staff flag", () => {
    const index = indexArrivals(items);
    for (const screening of SCREENING_FILTER_IDS) {
      const positions = matchingPositions(index, items, { ...DEFAULT_QUERY, screening });
      expect(Array.from(positions).sort()).toEqual(
        items.flatMap((item, position) => (matchesScreening(item, screening) ? [position] : [])),
      );
    }
    expect(
      Array.from(matchingPositions(index, items, { ...DEFAULT_QUERY, q: "a", screening: "any-match" })).sort(),
    ).toEqual([2, 3, 4]);
  });

  it("keeps recent results, the most recently used last, and no more than a few", () => {
    const index = indexArrivals(items);
    const first = matchingPositions(index, items, { ...DEFAULT_QUERY, q: "ada" });
    expect(matchingPositions(index, items, { ...DEFAULT_QUERY, q: "  ADA " })).toBe(first);
    for (let i = 0; i < 40; i++) matchingPositions(index, items, { ...DEFAULT_QUERY, q: `term${i}` });
    expect(index.results.size).toBeLessThanOrEqual(16);
    expect(matchingPositions(index, items, { ...DEFAULT_QUERY, q: "ada" })).not.toBe(first);
  });

  it("reads no more of a search than the limit", () => {
    const index = indexArrivals(items);
    const long = `ada ${"x".repeat(400)}`;
    expect(matchingPositions(index, items, { ...DEFAULT_QUERY, q: long })).toHaveLength(0);
    expect(normaliseSearch(long)).toHaveLength(200);
  });
});

describe("pageOf", () => {
  const many = Array.from({ length: 250 }, (_, i) =>
    arrival({ lastName: `Guest${i}`, checkInAtUtc: new Date(Date.UTC(2026, 10, 22, 0, 0, i)).toISOString() }),
  );
  const index = indexArrivals(many);

  it("cuts the query's rows into pages, each row with its position in the report", () => {
    const page = pageOf(index, many, { ...DEFAULT_QUERY, offset: 0, limit: FIRST_PAGE_SIZE }, report);
    expect(page).toMatchObject({ offset: 0, matched: 250, total: 250, report });
    expect(page.rows).toHaveLength(FIRST_PAGE_SIZE);
    expect(page.rows[0]).toEqual({ at: 0, item: many[0] });
    expect(nextOffset(page)).toBe(FIRST_PAGE_SIZE);

    const last = pageOf(index, many, { ...DEFAULT_QUERY, offset: 200, limit: 100 }, report);
    expect(last.rows.map((row) => row.at)).toEqual(Array.from({ length: 50 }, (_, i) => 200 + i));
    expect(nextOffset(last)).toBeUndefined();
  });

  it("carries the day's counts on the first page only", () => {
    const first = pageOf(index, many, { ...DEFAULT_QUERY, offset: 0, limit: 10 }, report);
    expect(first.counts).toEqual(countScreening(many));
    expect(pageOf(index, many, { ...DEFAULT_QUERY, offset: 10, limit: 10 }, report).counts).toBeUndefined();
  });

  it("counts what the query keeps against the whole day", () => {
    const page = pageOf(index, many, { ...DEFAULT_QUERY, q: "guest24", offset: 0, limit: 100 }, report);
    expect(page.matched).toBe(11);
    expect(page.total).toBe(250);
    expect(page.rows.map((row) => row.item.lastName)).toContain("Guest249");
  });

  it("answers an offset past the end with no rows, and never more than the most a page holds", () => {
    const past = pageOf(index, many, { ...DEFAULT_QUERY, offset: 9999, limit: 10 }, report);
    expect(past).toMatchObject({ offset: 250, rows: [], matched: 250 });
    expect(nextOffset(past)).toBeUndefined();
    const huge = Array.from({ length: MAX_PAGE_SIZE + 5 }, () => arrival());
    expect(pageOf(indexArrivals(huge), huge, { ...DEFAULT_QUERY, offset: 0, limit: 5000 }, report).rows).toHaveLength(
      MAX_PAGE_SIZE,
    );
  });
});

describe("page sizes", () => {
  it("start with a screenful, then double what is loaded, within bounds", () => {
    expect(pageSizeAfter(0)).toBe(FIRST_PAGE_SIZE);
    expect(pageSizeAfter(FIRST_PAGE_SIZE)).toBe(PAGE_SIZE);
    expect(pageSizeAfter(300)).toBe(300);
    expect(pageSizeAfter(50_000)).toBe(MAX_PAGE_SIZE);
  });

  it("reach the end of a 20,000-arrival day in a few dozen requests", () => {
    let loaded = 0;
    let requests = 0;
    while (loaded < 20_000) {
      loaded += pageSizeAfter(loaded);
      requests += 1;
    }
    expect(requests).toBeLessThan(30);
  });
});

describe("the view in the address", () => {
  it("reads the sort and the Show choice, and falls back on the defaults for anything else", () => {
    expect(viewFromSearchParams({ sort: "room", direction: "desc", show: "criminal" })).toEqual({
      sort: { key: "room", direction: "desc" },
      screening: "criminal",
    });
    expect(viewFromSearchParams(new URLSearchParams("sort=name"))).toEqual({
      sort: { key: "name", direction: "asc" },
      screening: "all",
    });
    expect(viewFromSearchParams({ sort: "email", direction: "sideways", show: ["<b>", "x"] })).toEqual({
      sort: DEFAULT_QUERY.sort,
      screening: "all",
    });
  });

  it("writes only what differs from the default, and never the search", () => {
    expect(viewSearchParams({ sort: DEFAULT_QUERY.sort, screening: "all" })).toEqual({});
    const view = { sort: { key: "room", direction: "desc" } as const, screening: "flagged" as const };
    expect(viewSearchParams(view)).toEqual({ sort: "room", direction: "desc", show: "flagged" });
    expect(viewFromSearchParams(viewSearchParams(view))).toEqual(view);
    expect(Object.keys(viewSearchParams({ ...view, q: "Lovelace" } as typeof view))).not.toContain("q");
  });
});

describe("queries", () => {
  it("are the same whatever the spacing and case of the search", () => {
    expect(sameQuery({ ...DEFAULT_QUERY, q: " Ada  Lovelace" }, { ...DEFAULT_QUERY, q: "ada lovelace " })).toBe(true);
    expect(sameQuery(DEFAULT_QUERY, { ...DEFAULT_QUERY, screening: "flagged" })).toBe(false);
    expect(sameQuery(DEFAULT_QUERY, { ...DEFAULT_QUERY, sort: { key: "checkIn", direction: "desc" } })).toBe(false);
  });
});

describe("fingerprintOf", () => {
  it("is the same for two readings with the same arrivals", () => {
    const copy = items.map((item) => ({ ...item }));
    expect(fingerprintOf("2026-11-22", copy)).toBe(fingerprintOf("2026-11-22", items));
  });

  it("changes with the day, the order or the number of arrivals", () => {
    const base = fingerprintOf("2026-11-22", items);
    expect(fingerprintOf("2026-11-23", items)).not.toBe(base);
    expect(fingerprintOf("2026-11-22", [...items].reverse())).not.toBe(base);
    expect(fingerprintOf("2026-11-22", items.slice(1))).not.toBe(base);
  });

  it("changes when any arrival's current ban is read anew, wherever it sits", () => {
    const day = Array.from({ length: 40 }, (_, i) => arrival({ lastName: `Guest${i}` }));
    const base = fingerprintOf("2026-11-22", day);
    for (let position = 0; position < day.length; position++) {
      const reread = day.map((item, i) => (i === position ? { ...item, isCurrentlyBanned: true } : item));
      expect(fingerprintOf("2026-11-22", reread)).not.toBe(base);
    }
  });
});
