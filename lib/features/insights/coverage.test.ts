import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import {
  coverageCell,
  coverageCellMessage,
  coveragePropertyKey,
  coverageTable,
  latestShares,
  type CoverageCell,
} from "./coverage";

/** A cell as the screen writes it, in English and US formats, or in French and Québec formats. */
function formatCoverage(cell: CoverageCell, figure: "unscreenedShare" | "manualShare", language: "en" | "fr" = "en") {
  const format = createFormatter(
    language === "en" ? DEFAULT_HABITS : { region: "fr-CA", hourCycle: "h23", weekStart: 7 },
  );
  const message = coverageCellMessage(cell, figure, format);
  return translatorFor(language, "insights")(`coverage.cells.${message.key}`, { share: message.share });
}

describe("coverageCell", () => {
  it("gives the shares in percent", () => {
    expect(coverageCell({ arrivals: 40, unscreened: 14, manual: 8 })).toEqual({
      state: "shares",
      arrivals: 40,
      unscreenedShare: 35,
      manualShare: 20,
    });
  });

  it("has no share on a day without arrivals (a zero-scan day)", () => {
    expect(coverageCell({ arrivals: 0, unscreened: 0, manual: 0 })).toEqual({ state: "no arrivals" });
    expect(formatCoverage({ state: "no arrivals" }, "unscreenedShare")).toBe("—");
  });

  it("writes a share with one decimal", () => {
    expect(formatCoverage(coverageCell({ arrivals: 3, unscreened: 1, manual: 0 }), "unscreenedShare")).toBe("33.3 %");
    expect(formatCoverage(coverageCell({ arrivals: 3, unscreened: 1, manual: 0 }), "manualShare")).toBe("0.0 %");
    expect(formatCoverage(coverageCell({ arrivals: 3, unscreened: 1, manual: 0 }), "unscreenedShare", "fr")).toBe(
      "33,3 %",
    );
    expect(formatCoverage({ state: "not kept" }, "unscreenedShare", "fr")).toBe("non conservé");
  });
});

describe("coverageTable", () => {
  const harbour = {
    key: coveragePropertyKey("Harbour", "Pacific/Honolulu"),
    propertyName: "Harbour",
    propertyTimeZone: "Pacific/Honolulu",
  };
  const pines = { key: coveragePropertyKey("Pines", null), propertyName: "Pines", propertyTimeZone: null };
  const days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"];

  const table = coverageTable({
    days,
    properties: [harbour, pines],
    counts: [
      {
        day: "2026-11-02",
        propertyName: "Harbour",
        propertyTimeZone: "Pacific/Honolulu",
        arrivals: 50,
        unscreened: 1,
        manual: 5,
      },
      {
        day: "2026-11-04",
        propertyName: "Harbour",
        propertyTimeZone: "Pacific/Honolulu",
        arrivals: 20,
        unscreened: 7,
        manual: 2,
      },
    ],
    storedEmpty: new Set(["2026-11-02|Pines", "2026-11-04|Pines"]),
    purgedDays: new Set(["2026-11-01"]),
  });

  it("tells a purged day, a day not stored, a day without arrivals and a day with shares apart", () => {
    expect(table.series[0]!.cells.map((cell) => formatCoverage(cell, "unscreenedShare"))).toEqual([
      "not kept",
      "2.0 %",
      "not stored",
      "35.0 %",
    ]);
    expect(table.series[1]!.cells.map((cell) => cell.state)).toEqual([
      "not kept",
      "no arrivals",
      "not stored",
      "no arrivals",
    ]);
  });

  it("reads a property day its own policy's retention removed as not kept, and the other properties of that day as they are", () => {
    const partly = coverageTable({
      days,
      properties: [harbour, pines],
      counts: [],
      storedEmpty: new Set(["2026-11-02|Harbour"]),
      purgedDays: new Set(),
      purgedParts: new Set(["2026-11-02|Pines"]),
    });
    expect(partly.series.map((series) => series.cells[1]!.state)).toEqual(["no arrivals", "not kept"]);
  });

  it("takes the newest day Daybook stored for the side-by-side view, skipping days not stored", () => {
    expect(latestShares(table.series[0]!, days)).toMatchObject({ day: "2026-11-04", cell: { unscreenedShare: 35 } });
    const gap = coverageTable({
      days,
      properties: [pines],
      counts: [],
      storedEmpty: new Set(["2026-11-02|Pines"]),
      purgedDays: new Set(),
    });
    expect(latestShares(gap.series[0]!, days)).toEqual({ day: "2026-11-02", cell: { state: "no arrivals" } });
    const none = coverageTable({
      days,
      properties: [pines],
      counts: [],
      storedEmpty: new Set(),
      purgedDays: new Set(),
    });
    expect(latestShares(none.series[0]!, days)).toBeNull();
  });

  it("keeps two properties sharing a name apart by zone", () => {
    const la = {
      key: coveragePropertyKey("Seaside", "America/Los_Angeles"),
      propertyName: "Seaside",
      propertyTimeZone: "America/Los_Angeles",
    };
    const ny = {
      key: coveragePropertyKey("Seaside", "America/New_York"),
      propertyName: "Seaside",
      propertyTimeZone: "America/New_York",
    };
    const shared = coverageTable({
      days: ["2026-11-02"],
      properties: [la, ny],
      counts: [
        {
          day: "2026-11-02",
          propertyName: "Seaside",
          propertyTimeZone: "America/Los_Angeles",
          arrivals: 10,
          unscreened: 1,
          manual: 0,
        },
        {
          day: "2026-11-02",
          propertyName: "Seaside",
          propertyTimeZone: "America/New_York",
          arrivals: 10,
          unscreened: 5,
          manual: 0,
        },
      ],
      storedEmpty: new Set(),
      purgedDays: new Set(),
    });
    expect(shared.series.map((series) => formatCoverage(series.cells[0]!, "unscreenedShare"))).toEqual([
      "10.0 %",
      "50.0 %",
    ]);
  });
});
