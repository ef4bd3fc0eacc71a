import { describe, expect, it } from "vitest";

import { pageAt, pageOf } from "./paging";

describe("pageAt", () => {
  it("places a page on the count alone, an out-of-range page on the nearest one", () => {
    expect(pageAt(25, "2", 10)).toEqual({ total: 25, page: 2, pages: 3, first: 11 });
    expect(pageAt(25, "9", 10)).toMatchObject({ page: 3, first: 21 });
    expect(pageAt(25, "0", 10)).toMatchObject({ page: 1, first: 1 });
    expect(pageAt(25, "two", 10)).toMatchObject({ page: 1 });
    expect(pageAt(0, "3", 10)).toEqual({ total: 0, page: 1, pages: 1, first: 0 });
  });
});

describe("pageOf", () => {
  it("slices the rows of the page pageAt places", () => {
    const rows = Array.from({ length: 25 }, (_, index) => index + 1);
    expect(pageOf(rows, "3", 10).rows).toEqual([21, 22, 23, 24, 25]);
    expect(pageOf(rows, undefined, 10).rows).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageOf([], "2", 10).rows).toEqual([]);
  });
});
