import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import { scopeUsageReport } from "@/lib/features/reports/scope";
import type { UsageReport } from "@/lib/server/partner-api";
import { usageReport, usageRow } from "@/tests/support/report-fixtures";

import {
  blockBaselineNote,
  blockBaselineNoteIn,
  describeStoredChange,
  describeTileChange,
  formatBaselineDay,
  overviewBaseline,
  tilesOf,
  type StoredDayBefore,
} from "./baseline";
import { ALL_TILES, BLOCKS } from "./figures";
import { provenanceLine } from "./provenance";

const DAY = "2026-11-24";
const BEFORE = "2026-11-23";
const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const OTHER = "Outback Rest";

/** A fixture as the API sends it, for Daybook to scope. */
const sent = (report: ReturnType<typeof usageReport>) => report as unknown as UsageReport;
const stored = (report: StoredDayBefore["report"]): StoredDayBefore => ({ day: BEFORE, report });
const scansChange = (baseline: ReturnType<typeof overviewBaseline>) => baseline.changes.scans!;
const en = translatorFor("en", "overview");
const fr = translatorFor("fr", "overview");
const us = createFormatter(DEFAULT_HABITS);
const quebec = createFormatter({ region: "fr-CA", hourCycle: "h23", weekStart: 7 });

describe("formatBaselineDay and describeStoredChange", () => {
  it("names the day as 'Mon 23 Nov'", () => {
    expect(formatBaselineDay(BEFORE)).toBe("Mon 23 Nov");
  });

  it("gives the absolute difference, signed, with the percentage where there is a base", () => {
    expect(describeStoredChange(4, 12.5, BEFORE)).toBe("+4 vs Mon 23 Nov, stored (+12.5 %)");
    expect(describeStoredChange(-1200, -50, BEFORE)).toBe("−1,200 vs Mon 23 Nov, stored (−50 %)");
    expect(describeStoredChange(0, 0, BEFORE)).toBe("No change vs Mon 23 Nov, stored");
  });

  it("leaves out a percentage of nothing, and one that rounds to 0 %", () => {
    expect(describeStoredChange(3, null, BEFORE)).toBe("+3 vs Mon 23 Nov, stored");
    expect(describeStoredChange(1, 0.01, BEFORE)).toBe("+1 vs Mon 23 Nov, stored");
  });
});

describe("overviewBaseline", () => {
  const today = usageReport(DAY, [usageRow(HARBOUR, { scans: 12 }), usageRow(RIVERSIDE, { scans: 30 })], {
    changes: { scans: 5 },
  });
  const before = usageReport(BEFORE, [usageRow(HARBOUR, { scans: 8 }), usageRow(RIVERSIDE, { scans: 30 })]);

  it("keeps the API's own change where it applies: the whole group and not null", () => {
    const baseline = overviewBaseline(today, ALL_TILES, BEFORE, stored(before));
    expect(scansChange(baseline)).toEqual({
      source: "api",
      direction: "up",
      words: "Up 5 % on the day before",
      percent: 5,
    });
    // The API gives none for manual entry: Daybook's own then, though the group is whole.
    expect(baseline.changes.manualEntry).toMatchObject({ source: "daybook", difference: 0 });
  });

  it("never shows the API's change to a person who sees part of the group", () => {
    const narrowed = { ...today, narrowed: true, totals: { ...today.totals, scans: { value: 12, changePercent: 5 } } };
    const baseline = overviewBaseline(narrowed, ALL_TILES, BEFORE, stored(before));
    expect(scansChange(baseline).source).toBe("daybook");
  });

  it("compares a scoped person's figures with the stored day before cut to the same properties", () => {
    const scope = { allProperties: false, properties: [HARBOUR] };
    const group = [usageRow(HARBOUR, { scans: 12 }), usageRow(OTHER, { scans: 99 })];
    const groupBefore = [usageRow(HARBOUR, { scans: 8 }), usageRow(OTHER, { scans: 1 })];
    const baseline = overviewBaseline(
      scopeUsageReport(sent(usageReport(DAY, group, { changes: { scans: 40 } })), scope),
      ALL_TILES,
      BEFORE,
      stored(scopeUsageReport(sent(usageReport(BEFORE, groupBefore)), scope)),
    );
    expect(scansChange(baseline)).toEqual({
      source: "daybook",
      direction: "up",
      words: "+4 vs Mon 23 Nov, stored (+50 %)",
      difference: 4,
      percent: 50,
    });
    expect(baseline.comparedProperties).toBeNull();
  });

  it("has no change, and says why, where the day before is not stored", () => {
    const baseline = overviewBaseline({ ...today, narrowed: true }, ALL_TILES, BEFORE, null);
    expect(scansChange(baseline)).toMatchObject({ source: "none", reason: "no-stored-day" });
    expect(baseline.dayBeforeStored).toBe(false);
    const totals = tilesOf(ALL_TILES, "totals");
    expect(blockBaselineNote(baseline, totals, null)).toBe(
      "No comparable baseline: Daybook has not stored Mon 23 Nov, the day before.",
    );
    expect(blockBaselineNote(baseline, totals, "the properties are in several time zones")).toBe(
      "No comparable baseline: the API gives none here (the properties are in several time zones), and Daybook has not stored Mon 23 Nov.",
    );
  });

  it("has no change for a figure not recorded on either day, and names those tiles once per block", () => {
    const unrecordedToday = usageReport(DAY, [usageRow(HARBOUR, { scans: 3 })], { localRecorded: false });
    const recordedBefore = usageReport(BEFORE, [usageRow(HARBOUR, { scans: 2, localAlert: 1 })]);
    const first = overviewBaseline(unrecordedToday, ALL_TILES, BEFORE, stored(recordedBefore));
    expect(first.changes.localAlert).toMatchObject({ source: "none", reason: "not-recorded" });
    expect(first.changes.ageAlert).toMatchObject({ source: "daybook", difference: 0 });

    const recordedToday = usageReport(DAY, [usageRow(HARBOUR, { scans: 3, localAlert: 2 })]);
    const unrecordedBefore = usageReport(BEFORE, [usageRow(HARBOUR, { scans: 2 })], { localRecorded: false });
    const second = overviewBaseline(recordedToday, ALL_TILES, BEFORE, stored(unrecordedBefore));
    expect(second.changes.localAlert).toMatchObject({ source: "none", reason: "not-recorded" });
    expect(blockBaselineNote(second, tilesOf(ALL_TILES, "warnings"), null)).toBe(
      "No comparable baseline (Local): not recorded on the shown day or on Mon 23 Nov, so there is nothing to compare.",
    );
    expect(blockBaselineNote(second, tilesOf(ALL_TILES, "totals"), null)).toBeNull();
  });

  it("compares from a day before that counted 0, without a percentage", () => {
    const zero = usageReport(BEFORE, [usageRow(HARBOUR, { scans: 0 })]);
    const baseline = overviewBaseline(
      usageReport(DAY, [usageRow(HARBOUR, { scans: 7 })]),
      ALL_TILES,
      BEFORE,
      stored(zero),
    );
    expect(scansChange(baseline)).toMatchObject({
      source: "daybook",
      words: "+7 vs Mon 23 Nov, stored",
      percent: null,
    });
  });

  it("compares only the properties present on both days when one joined the person's access in between", () => {
    // Riverside was added to the person's properties on the shown day: the stored day before, cut to
    // the person's properties as they are now, has it too; a property new to the group has no row there.
    const scope = { allProperties: false, properties: [HARBOUR, RIVERSIDE, "Brand New Inn"] };
    const shown = scopeUsageReport(
      sent(
        usageReport(DAY, [
          usageRow(HARBOUR, { scans: 12 }),
          usageRow(RIVERSIDE, { scans: 30 }),
          usageRow("Brand New Inn", { scans: 50 }),
          usageRow(OTHER, { scans: 5 }),
        ]),
      ),
      scope,
    );
    const dayBefore = scopeUsageReport(
      sent(
        usageReport(BEFORE, [usageRow(HARBOUR, { scans: 10 }), usageRow(RIVERSIDE, { scans: 20 }), usageRow(OTHER)]),
      ),
      scope,
    );
    const baseline = overviewBaseline(shown, ALL_TILES, BEFORE, stored(dayBefore));
    // 42 against 30 over Harbour View and Riverside; Brand New Inn's 50 has nothing to move from.
    expect(shown.totals.scans.value).toBe(92);
    expect(scansChange(baseline)).toMatchObject({ source: "daybook", difference: 12, percent: 40 });
    expect(baseline.comparedProperties).toBe(2);
  });

  it("has no day before when the stored one holds none of the shown properties", () => {
    const baseline = overviewBaseline(
      usageReport(DAY, [usageRow(HARBOUR, { scans: 7 })], { narrowed: true }),
      ALL_TILES,
      BEFORE,
      stored(usageReport(BEFORE, [], { narrowed: true })),
    );
    expect(scansChange(baseline)).toMatchObject({ source: "none", reason: "no-stored-day" });
    expect(baseline.dayBeforeStored).toBe(false);
  });

  it("gives every tile of every block a change or a reason", () => {
    const baseline = overviewBaseline(today, ALL_TILES, BEFORE, stored(before));
    expect(Object.keys(baseline.changes)).toHaveLength(ALL_TILES.length);
    for (const block of BLOCKS) expect(tilesOf(ALL_TILES, block.block)).toHaveLength(block.tiles.length);
  });
});

describe("the changes in the person's language and formats", () => {
  const today = usageReport(DAY, [usageRow(HARBOUR, { scans: 12 }), usageRow(RIVERSIDE, { scans: 30 })], {
    changes: { scans: 5 },
  });
  const before = usageReport(BEFORE, [usageRow(HARBOUR, { scans: 8 }), usageRow(RIVERSIDE, { scans: 30 })]);

  it("words each tile's change as the English the screen has always shown", () => {
    const baseline = overviewBaseline(today, ALL_TILES, BEFORE, stored(before));
    for (const tile of ALL_TILES) {
      const change = baseline.changes[tile.column]!;
      expect(describeTileChange(en, us, change, BEFORE)).toBe(change.words);
    }
    const grown = { source: "daybook", direction: "up", words: "", difference: 1200, percent: 12.5 } as const;
    expect(describeTileChange(en, us, grown, BEFORE)).toBe("+1,200 vs Mon 23 Nov, stored (+12.5 %)");
    expect(describeTileChange(en, us, { ...grown, percent: 0.01 }, BEFORE)).toBe("+1,200 vs Mon 23 Nov, stored");
    expect(describeTileChange(en, us, { ...grown, difference: -4, percent: null }, BEFORE)).toBe(
      "−4 vs Mon 23 Nov, stored",
    );
  });

  it("words them in French, in the region's formats", () => {
    const grown = { source: "daybook", direction: "up", words: "", difference: 1200, percent: 12.5 } as const;
    const words = describeTileChange(fr, quebec, grown, BEFORE);
    expect(words).toContain(`+${quebec.number(1200)}`);
    expect(words).toContain("lun. 23 nov.");
    expect(words).toContain("+12,5");
    expect(
      describeTileChange(fr, quebec, { source: "none", direction: "none", words: "", reason: "no-stored-day" }, BEFORE),
    ).toBe(fr("change.none"));
  });

  it("says once per block why a change is missing, naming the tiles where only some lack one", () => {
    const missing = overviewBaseline({ ...today, narrowed: true }, ALL_TILES, BEFORE, null);
    const totals = tilesOf(ALL_TILES, "totals");
    expect(blockBaselineNoteIn(en, us, missing, totals, null)).toBe(blockBaselineNote(missing, totals, null));
    expect(blockBaselineNoteIn(en, us, missing, totals, "zones")).toBe(
      "No comparable baseline: the API gives none here (the properties are in several time zones), and Daybook has not stored Mon 23 Nov.",
    );
    const recordedToday = usageReport(DAY, [usageRow(HARBOUR, { scans: 3, localAlert: 2 })]);
    const unrecordedBefore = usageReport(BEFORE, [usageRow(HARBOUR, { scans: 2 })], { localRecorded: false });
    const local = overviewBaseline(recordedToday, ALL_TILES, BEFORE, stored(unrecordedBefore));
    const warnings = tilesOf(ALL_TILES, "warnings");
    expect(blockBaselineNoteIn(en, us, local, warnings, null)).toBe(
      "No comparable baseline (Local): not recorded on the shown day or on Mon 23 Nov, so there is nothing to compare.",
    );
    expect(blockBaselineNoteIn(fr, quebec, local, warnings, null)).toContain(`(${fr("tiles.label.localAlert")})`);
    expect(blockBaselineNoteIn(en, us, local, totals, null)).toBeNull();
  });
});

describe("provenanceLine", () => {
  const report = usageReport(DAY, []);
  const words = (t: typeof en) => (key: "storedCopy" | "api", values?: Record<string, string | number>) =>
    t(`provenance.${key}`, values);
  it("names Daybook's stored copy and when it was read, in UTC", () => {
    expect(
      provenanceLine(words(en), us, {
        ...report,
        storedCopy: { reportedDate: DAY, pulledAt: "2026-11-25T11:30:12Z", liveObservedAt: null, itemsPurgedAt: null },
      }),
    ).toBe("Daybook's stored copy of Tue 24 Nov, read 11:30 UTC");
  });
  it("names the API's answer where nothing is stored", () => {
    expect(provenanceLine(words(en), us, { ...report, storedCopy: null, apiRequestedAt: "2026-11-25T09:05:00Z" })).toBe(
      "The Partner API's figures for Tue 24 Nov, read 09:05 UTC",
    );
  });
  it("reads in French", () => {
    expect(
      provenanceLine(words(fr), quebec, { ...report, storedCopy: null, apiRequestedAt: "2026-11-25T09:05:00Z" }),
    ).toContain("mar. 24 nov.");
  });
});
