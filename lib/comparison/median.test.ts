import { describe, expect, it } from "vitest";
import { median } from "./median";

describe("median", () => {
  it("is null for nothing, the value for one, the middle for an odd count", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
  });

  it("is the mean of the two middle values for an even count, whatever the input order", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 0])).toBe(5);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
