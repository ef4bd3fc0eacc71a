import { describe, expect, it } from "vitest";

import { compareClocks } from "./clock";

const API_TIME = "Tue, 24 Nov 2026 09:00:00 GMT";
const apiMs = Date.parse(API_TIME);

describe("compareClocks", () => {
  it("passes a clock within five minutes of the API's, saying by how much and on which side", () => {
    expect(compareClocks(apiMs + 400, API_TIME)).toEqual({
      ok: true,
      differenceMs: 400,
      text: "this machine's clock is 0.4 s ahead of the Partner API's Date header (within 5 min)",
    });
    expect(compareClocks(apiMs - 5 * 60_000, API_TIME)?.ok).toBe(true);
  });

  it("fails a clock more than five minutes off, either way, saying what it breaks", () => {
    const behind = compareClocks(apiMs - 12 * 60_000, API_TIME)!;
    expect(behind.ok).toBe(false);
    expect(behind.text).toBe(
      "this machine's clock is 12.0 min behind the Partner API's Date header, more than 5 min: " +
        "around midnight Daybook would ask for the wrong yesterday; set the clock (NTP)",
    );
    expect(compareClocks(apiMs + 3 * 3_600_000, API_TIME)).toMatchObject({ ok: false, differenceMs: 3 * 3_600_000 });
    expect(compareClocks(apiMs + 3 * 3_600_000, API_TIME)?.text).toMatch(/^this machine's clock is 3\.0 h ahead of/);
  });

  it("compares nothing without a readable Date header", () => {
    expect(compareClocks(apiMs, null)).toBeNull();
    expect(compareClocks(apiMs, "yesterday-ish")).toBeNull();
  });
});
