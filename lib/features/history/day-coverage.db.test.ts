import { expect, it } from "vitest";

import { describeEachDatabase } from "@/tests/support/databases";
import { pullTime } from "@/tests/support/partner-api";
import { pullAt, simulatorPerFile } from "@/tests/support/simulator-per-file";

import { coveredByDay } from "./day-coverage";

const sim = simulatorPerFile();

const HARBOUR = "Harbour View Hotel"; // Pacific/Honolulu
const RIVERSIDE = "Riverside & Co. Hotel"; // America/New_York
const TOKYO = "さくらイン 新宿"; // Asia/Tokyo

describeEachDatabase("what each stored day covers of a person's properties", (db) => {
  it("counts whole days and names the properties of a day that misses some", async () => {
    await pullAt(db(), sim(), pullTime("2026-11-22"));
    // 06:50 UTC on Nov 23: New York's and Tokyo's Nov 22 have closed, Honolulu's has not.
    await pullAt(db(), sim(), "2026-11-23T06:50:00Z");

    const covered = await coveredByDay(db(), "usage", [HARBOUR, RIVERSIDE, TOKYO]);
    expect(covered.get("2026-11-21")).toBe(3);
    expect(covered.get("2026-11-22")).toEqual([RIVERSIDE, TOKYO].sort());

    // Only the person's properties count: the property manager of Harbour View has no Nov 22.
    const harbour = await coveredByDay(db(), "usage", [HARBOUR]);
    expect(harbour.get("2026-11-21")).toBe(1);
    expect(harbour.has("2026-11-22")).toBe(false);

    expect((await coveredByDay(db(), "guests", [RIVERSIDE])).get("2026-11-22")).toBe(1);
    expect((await coveredByDay(db(), "usage", [])).size).toBe(0);
  });
});
