import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";

import { describeRetentionNote, retentionNote, retentionStart, type RetentionNote } from "./retention";

describe("retention", () => {
  const now = new Date("2026-11-23T09:00:00Z");
  const en = translatorFor("en", "properties");
  const fr = translatorFor("fr", "properties");
  const us = createFormatter(DEFAULT_HABITS);
  const quebec = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 1 });
  const words = (note: RetentionNote | null, t = en, format = us) =>
    note === null ? null : describeRetentionNote((key, values) => t(`retention.${key}`, values), format, note);

  it("keeps guest data from the day `retentionDays` before today", () => {
    expect(retentionStart(now, 90)).toBe("2026-08-25");
    expect(retentionStart(now, 7)).toBe("2026-11-16");
  });

  it("says nothing when the range lies within the retention period and nothing in it was removed", () => {
    expect(retentionNote("2026-08-25", now, 90, 0)).toBeNull();
  });

  it("says so when the range reaches back beyond it", () => {
    expect(retentionNote("2026-08-24", now, 90, 0)).toEqual({
      retentionDays: 90,
      purgedDays: 0,
      keptFrom: "2026-08-25",
    });
    expect(words(retentionNote("2026-08-24", now, 90, 0))).toBe(
      "Daybook keeps guest data for 90 days, then removes it; the days' totals stay. This range starts before Aug 25, 2026, so earlier days count no alerts or lists.",
    );
  });

  it("counts stored days whose guest data was removed", () => {
    expect(words(retentionNote("2026-11-01", now, 90, 1))).toBe(
      "Daybook keeps guest data for 90 days, then removes it; the days' totals stay. The guest data of 1 stored day in this range has been removed.",
    );
    expect(words(retentionNote("2026-11-01", now, 7, 3))).toContain(
      "The guest data of 3 stored days in this range has been removed. This range starts before Nov 16, 2026",
    );
  });

  it("says it in French, the day in the region's format", () => {
    const french = words(retentionNote("2026-11-01", now, 7, 3), fr, quebec)!;
    expect(french).toContain(quebec.dayWithYear("2026-11-16"));
    expect(french).not.toContain("Daybook keeps");
  });
});
