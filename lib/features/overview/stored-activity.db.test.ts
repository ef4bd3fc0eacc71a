import { expect, it } from "vitest";

import { storeReport } from "@/lib/features/history/store";
import { readStoredScans } from "@/lib/features/overview/stored-activity";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import type { UsageReport } from "@/lib/server/partner-api";
import { describeEachDatabase } from "@/tests/support/databases";
import { usageReport, usageRow } from "@/tests/support/report-fixtures";

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const OTHER = "Outback Rest";

/** A day's usage as the API sends it: each property's row, the headlines their sums. */
function usageOf(day: string, harbour: number, riverside: number, other: number, scansRecorded = true): UsageReport {
  const scoped: Partial<ReturnType<typeof usageReport>> = usageReport(day, [
    usageRow(HARBOUR, { scans: harbour }),
    usageRow(RIVERSIDE, { scans: riverside }),
    usageRow(OTHER, { scans: other }),
  ]);
  // Daybook's own mark of a scoped report is not part of what the API sends.
  delete scoped.narrowed;
  const report = scoped as UsageReport;
  return scansRecorded
    ? report
    : { ...report, totals: { ...report.totals, scans: { value: null, changePercent: null } } };
}

describeEachDatabase("daily activity from stored days", (db) => {
  it("counts the person's scans per stored day, a day not stored a gap and never 0", async () => {
    const privacy = await readStorePrivacy(db());
    const days: [string, UsageReport][] = [
      ["2026-11-19", usageOf("2026-11-19", 10, 20, 300)],
      // 2026-11-20 never stored.
      ["2026-11-21", usageOf("2026-11-21", 0, 5, 100)],
      // Scans not recorded for some property, and Harbour View's row reads 0: not a count.
      ["2026-11-22", usageOf("2026-11-22", 0, 7, 100, false)],
    ];
    for (const [day, report] of days) {
      expect(
        await storeReport(db(), "usage", report, { pulledAt: new Date(`${day}T23:59:00Z`), privacy }),
      ).toMatchObject({ result: "stored" });
    }

    const supervisor = { allProperties: false, properties: [HARBOUR, RIVERSIDE] };
    expect(await readStoredScans(db(), supervisor, "2026-11-22", 5)).toEqual([
      { day: "2026-11-18", scans: null, stored: false },
      { day: "2026-11-19", scans: 30, stored: true },
      { day: "2026-11-20", scans: null, stored: false },
      // A stored day without scans at Harbour View is 0 there, summed with Riverside's 5.
      { day: "2026-11-21", scans: 5, stored: true },
      { day: "2026-11-22", scans: null, stored: true },
    ]);

    // Only Riverside's row above 0 on the unrecorded day: it was recorded there, so it stands.
    const riverside = { allProperties: false, properties: [RIVERSIDE] };
    expect((await readStoredScans(db(), riverside, "2026-11-22", 1))[0]).toEqual({
      day: "2026-11-22",
      scans: 7,
      stored: true,
    });
    // A person whose property is not in the stored day has no figure for it, never 0.
    const elsewhere = { allProperties: false, properties: ["Nowhere Lodge"] };
    expect((await readStoredScans(db(), elsewhere, "2026-11-19", 1))[0]).toEqual({
      day: "2026-11-19",
      scans: null,
      stored: true,
    });
  });
});
