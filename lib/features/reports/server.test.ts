import { describe, expect, it } from "vitest";

import { maskIdentification } from "@/lib/core/format";

describe("identification masking", () => {
  it("shows only the last 4 characters", () => {
    expect(maskIdentification("D1234567")).toBe("••••4567");
    expect(maskIdentification("X98765432101")).toBe("••••••2101");
  });
  it("hides a number of 4 characters or fewer entirely", () => {
    expect(maskIdentification("1234")).toBe("••••");
    expect(maskIdentification("")).toBe("");
  });
});
