import { describe, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { addDays, daysEnding } from "@/lib/core/days";
import { createFormatter, DEFAULT_HABITS } from "@/lib/core/format";
import { propertyRowKey } from "@/lib/core/property-names";
import { rowFigures } from "@/lib/features/overview/figures";
import { scopeUsageDay, usageDayOf } from "@/lib/features/reports/scope";
import type { UsageReport } from "@/lib/server/partner-api/schemas";
import { usageReport, usageRow } from "@/tests/support/report-fixtures";

import { dayBaselines, HISTORY_DAYS, marksForRow, unusualMessage } from "./unusual";
import {
  formatRateValue,
  formatUsualRange,
  listedDays,
  overviewDayHref,
  pageOfUnusualDays,
  unusualDays,
  unusualDaysLine,
  unusualPropertyDays,
  type UnusualDays,
} from "./unusual-days";

const HARBOUR = "Harbour View Hotel";
const RIVERSIDE = "Riverside & Co. Hotel";
const NEWEST = "2026-11-22";
const OUTAGE = "2026-11-17";
const ALL: PropertyScope = { allProperties: true, properties: [] };

/** Stored usage reports as the screens read them: each a usage day cut to the person's properties. */
const scopedHistory = (reports: readonly UsageReport[], scope: PropertyScope) =>
  reports.map((report) => scopeUsageDay(usageDayOf(report), scope));

/** Manual entry 18 % to 22 % in turn, 1,000 scans a day: any run of days is usually about 15–25 %. */
function ordinaryShare(day: string): number {
  return 18 + ((Date.parse(day) / 86_400_000) % 5);
}

type Shares = Record<string, number | "not recorded">;

/** A stored usage day: each property's manual entry share of 1,000 scans; "not recorded" reads 0 under a null headline. */
function dayOf(day: string, shares: Shares): UsageReport {
  const rows = Object.entries(shares).map(([name, share]) =>
    usageRow(name, { scans: 1000, manualEntry: share === "not recorded" ? 0 : share * 10 }),
  );
  const report = usageReport(day, rows) as UsageReport;
  if (Object.values(shares).includes("not recorded")) report.totals.manualEntry = { value: null, changePercent: null };
  return report;
}

/** Every day from `first` to NEWEST stored, ordinary for each property, with `odd` shares on some days. */
function stored(
  first: string,
  names: readonly string[],
  odd: Record<string, Shares> = {},
  skip: ReadonlySet<string> = new Set(),
): UsageReport[] {
  const count = (Date.parse(NEWEST) - Date.parse(first)) / 86_400_000 + 1;
  return daysEnding(NEWEST, count)
    .filter((day) => !skip.has(day))
    .map((day) => dayOf(day, { ...Object.fromEntries(names.map((name) => [name, ordinaryShare(day)])), ...odd[day] }));
}

/** The list over the `range` newest of the stored days, judged against the stored days before them. */
function listOf(reports: readonly UsageReport[], scope: PropertyScope, range = 30): UnusualDays {
  const days = listedDays(
    reports.map((report) => report.reportedDateLocal),
    range,
  );
  return unusualDays(scopedHistory(reports, scope), days, range);
}

const FIRST = addDays(NEWEST, -(30 + HISTORY_DAYS - 1));

describe("listedDays", () => {
  it("is the range's newest stored days up to the chosen day, oldest first, fewer while fewer are stored", () => {
    const days = ["2026-11-22", "2026-11-20", "2026-11-21", "2026-11-18", "2026-11-19"];
    expect(listedDays(days, 3)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(listedDays(days, 3, "2026-11-21")).toEqual(["2026-11-19", "2026-11-20", "2026-11-21"]);
    expect(listedDays(days, 7)).toEqual(["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(listedDays([], 7)).toEqual([]);
  });
});

describe("unusualDays", () => {
  it("lists the outage with its figure and usual range, and nothing on ordinary days", () => {
    const list = listOf(stored(FIRST, [HARBOUR, RIVERSIDE], { [OUTAGE]: { [HARBOUR]: 45 } }), ALL);
    expect(list.days).toHaveLength(30);
    expect(list.days.at(-1)).toBe(NEWEST);
    expect(list.rows).toHaveLength(1);
    const [row] = list.rows;
    expect(row).toMatchObject({
      key: propertyRowKey(HARBOUR, 0),
      label: HARBOUR,
      day: OUTAGE,
      rate: "manualShare",
      figure: "Manual entry",
      value: 45,
      direction: "above",
    });
    // The same judgement the day's own screen gives.
    expect(row!.sentence).toMatch(/^Manual entry 45\.0 %, usually \d+(\.\d)?–\d+(\.\d)? %$/);
    // The screens say it through the catalogue, in the same words.
    const en = translatorFor("en", "insights");
    const message = unusualMessage({ key: row!.rate, unit: row!.unit }, row!, createFormatter(DEFAULT_HABITS), (key) =>
      en(`unusual.${key}`),
    );
    expect(en(`unusual.${message.key}`, message.values)).toBe(row!.sentence);
    expect(row!.low).toBeGreaterThan(5);
    expect(row!.high).toBeLessThan(35);
    expect(formatRateValue(row!)).toBe("45.0 %");
    expect(formatUsualRange(row!)).toMatch(/^\d+(\.\d)?–\d+(\.\d)? %$/);
    expect(list.properties).toEqual([
      { key: propertyRowKey(HARBOUR, 0), label: HARBOUR },
      { key: propertyRowKey(RIVERSIDE, 0), label: RIVERSIDE },
    ]);
  });

  it("puts the newest day first, then properties by name, then the rates in the tables' order", () => {
    const older = addDays(OUTAGE, -5);
    const reports = stored(FIRST, [HARBOUR, RIVERSIDE], {
      [older]: { [RIVERSIDE]: 60 },
      [OUTAGE]: { [HARBOUR]: 45, [RIVERSIDE]: 2 },
    });
    // An alert rate far above the usual at Riverside on the outage day too.
    const outage = reports.find((report) => report.reportedDateLocal === OUTAGE)!;
    outage.byProperty.find((row) => row.propertyName === RIVERSIDE)!.criminal = 200;
    const list = listOf(reports, ALL);
    expect(list.rows.map((row) => [row.day, row.label, row.rate, row.direction])).toEqual([
      [OUTAGE, HARBOUR, "manualShare", "above"],
      [OUTAGE, RIVERSIDE, "manualShare", "below"],
      [OUTAGE, RIVERSIDE, "alertsPer100", "above"],
      [older, RIVERSIDE, "manualShare", "above"],
    ]);
    expect(unusualPropertyDays(list.rows)).toBe(3);
  });

  it("never lists a figure the day did not record, where a recorded 0 is unusual", () => {
    const recorded = listOf(stored(FIRST, [HARBOUR], { [OUTAGE]: { [HARBOUR]: 0 } }), ALL);
    expect(recorded.rows.map((row) => [row.day, row.direction, row.value])).toEqual([[OUTAGE, "below", 0]]);

    const notRecorded = listOf(stored(FIRST, [HARBOUR], { [OUTAGE]: { [HARBOUR]: "not recorded" } }), ALL);
    expect(notRecorded.rows).toEqual([]);
    // The day is still among the stored days listed: it was stored, its figure was not recorded.
    expect(notRecorded.days).toContain(OUTAGE);
  });

  it("judges only stored days: a day Daybook did not store is neither listed nor counted", () => {
    const missed = addDays(OUTAGE, 1);
    const list = listOf(stored(FIRST, [HARBOUR], { [OUTAGE]: { [HARBOUR]: 45 } }, new Set([missed])), ALL);
    expect(list.days).toHaveLength(30);
    expect(list.days).not.toContain(missed);
    expect(list.days[0]).toBe(addDays(NEWEST, -30));
    expect(list.rows.map((row) => row.day)).toEqual([OUTAGE]);
  });

  it("lists a property given to the person mid-range over the whole range, judged on its own history", () => {
    const reports = stored(FIRST, [HARBOUR, RIVERSIDE], {
      [OUTAGE]: { [HARBOUR]: 45 },
      [addDays(NEWEST, -1)]: { [RIVERSIDE]: 60 },
    });
    const before = listOf(reports, { allProperties: false, properties: [RIVERSIDE] });
    expect(before.rows.map((row) => [row.label, row.day])).toEqual([[RIVERSIDE, addDays(NEWEST, -1)]]);
    expect(before.properties.map((property) => property.label)).toEqual([RIVERSIDE]);

    // Harbour View Hotel added to the person's properties after its outage: the outage is theirs to see now.
    const after = listOf(reports, { allProperties: false, properties: [RIVERSIDE, HARBOUR] });
    const everyone = listOf(reports, ALL);
    expect(after.rows).toEqual(everyone.rows);
    expect(after.rows.map((row) => [row.label, row.day])).toEqual([
      [RIVERSIDE, addDays(NEWEST, -1)],
      [HARBOUR, OUTAGE],
    ]);
  });

  it("judges a property that enters the stored days mid-range only once it has 14 days of its own", () => {
    const joined = addDays(NEWEST, -20);
    const reports = stored(FIRST, [RIVERSIDE]).map((report) =>
      report.reportedDateLocal < joined
        ? report
        : dayOf(report.reportedDateLocal, {
            [RIVERSIDE]: ordinaryShare(report.reportedDateLocal),
            [HARBOUR]:
              report.reportedDateLocal === addDays(joined, 5) || report.reportedDateLocal === addDays(joined, 16)
                ? 45
                : ordinaryShare(report.reportedDateLocal),
          }),
    );
    const list = listOf(reports, ALL);
    // Its first odd day has five days of history (not enough history, never a flag); the second has 16.
    expect(list.rows.map((row) => [row.label, row.day])).toEqual([[HARBOUR, addDays(joined, 16)]]);
    expect(list.properties.map((property) => property.label)).toEqual([HARBOUR, RIVERSIDE]);
  });

  it("flags what each day's own screen flags, judging the first listed day from the days before the range", () => {
    const firstListed = addDays(NEWEST, -29);
    const reports = stored(FIRST, [HARBOUR, RIVERSIDE], {
      [firstListed]: { [HARBOUR]: 45 },
      [OUTAGE]: { [RIVERSIDE]: 1 },
    });
    const list = listOf(reports, ALL);
    expect(list.days[0]).toBe(firstListed);
    // The screens: each day's rows marked against that day's baselines (unusual.ts, as the Overview does).
    const history = scopedHistory(reports, ALL);
    const marked = list.days.flatMap((day) => {
      const entry = history.find((candidate) => candidate.day === day)!;
      const baselines = dayBaselines(day, history);
      return entry.byProperty.flatMap((row) => {
        const figures = rowFigures(row, entry.unrecorded);
        const marks = marksForRow(baselines, day, propertyRowKey(row.propertyName, 0), figures);
        return Object.keys(marks?.unusual ?? {}).map((rate) => [day, row.propertyName, rate]);
      });
    });
    expect(marked).toHaveLength(2);
    expect(list.rows.map((row) => [row.day, row.propertyName, row.rate]).sort()).toEqual(marked.sort());
  });

  it("judges every day of a long, gappy, noisy year as each day's own screen does", () => {
    // A fixed pseudo-random sequence: the same history on every run.
    let seed = 11;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const first = addDays(NEWEST, -(120 + HISTORY_DAYS - 1));
    const count = (Date.parse(NEWEST) - Date.parse(first)) / 86_400_000 + 1;
    const reports = daysEnding(NEWEST, count)
      .filter(() => next() > 0.1)
      .map((day) =>
        dayOf(day, {
          [HARBOUR]: next() < 0.05 ? "not recorded" : Math.round(10 + next() * 20 + (next() < 0.08 ? 40 : 0)),
          [RIVERSIDE]: Math.round(next() < 0.5 ? 15 + next() * 4 : 15 + next() * 30),
        }),
      );
    const list = listOf(reports, ALL, 120);
    const history = scopedHistory(reports, ALL);
    const marked = list.days.flatMap((day) => {
      const entry = history.find((candidate) => candidate.day === day)!;
      const baselines = dayBaselines(day, history);
      return entry.byProperty.flatMap((row) => {
        const marks = marksForRow(
          baselines,
          day,
          propertyRowKey(row.propertyName, 0),
          rowFigures(row, entry.unrecorded),
        );
        return Object.entries(marks?.unusual ?? {}).map(([rate, judgement]) => [
          day,
          row.propertyName,
          rate,
          judgement,
        ]);
      });
    });
    expect(marked.length).toBeGreaterThan(5);
    expect(list.rows.map((row) => [row.day, row.propertyName, row.rate, row.sentence]).sort()).toEqual(
      marked
        .map(([day, name, rate, judgement]) => [day, name, rate, (judgement as { sentence: string }).sentence])
        .sort(),
    );
  });

  it("labels properties that share a name once for the whole list", () => {
    const seaside = (day: string, first: number, second: number) => {
      const report = dayOf(day, { [HARBOUR]: ordinaryShare(day) });
      report.byProperty.push(
        usageRow("Seaside Suites", { scans: 1000, manualEntry: first * 10 }),
        usageRow("Seaside Suites", { scans: 1000, manualEntry: second * 10 }),
      );
      return report;
    };
    const reports = daysEnding(NEWEST, 45).map((day) =>
      day === OUTAGE ? seaside(day, ordinaryShare(day), 50) : seaside(day, ordinaryShare(day), ordinaryShare(day)),
    );
    const list = listOf(reports, ALL);
    expect(list.rows.map((row) => [row.label, row.key])).toEqual([
      ["Seaside Suites (2 of 2)", propertyRowKey("Seaside Suites", 1)],
    ]);
    expect(list.properties.map((property) => property.label)).toEqual([
      HARBOUR,
      "Seaside Suites (1 of 2)",
      "Seaside Suites (2 of 2)",
    ]);
  });
});

describe("pageOfUnusualDays", () => {
  /** 45 unusual days: Harbour View Hotel every day, Riverside every third day. */
  const list: UnusualDays = {
    range: 90,
    days: daysEnding(NEWEST, 30),
    properties: [
      { key: propertyRowKey(HARBOUR, 0), label: HARBOUR },
      { key: propertyRowKey(RIVERSIDE, 0), label: RIVERSIDE },
    ],
    rows: daysEnding(NEWEST, 30)
      .reverse()
      .flatMap((day, index) => [{ name: HARBOUR, day }, ...(index % 2 === 0 ? [{ name: RIVERSIDE, day }] : [])])
      .map(({ name, day }) => ({
        key: propertyRowKey(name, 0),
        propertyName: name,
        label: name,
        day,
        rate: "manualShare" as const,
        figure: "Manual entry",
        unit: "percent" as const,
        value: 45,
        low: 10,
        high: 30,
        direction: "above" as const,
        sentence: "Manual entry 45.0 %, usually 10–30 %",
      })),
  };

  it("pages the whole list 20 rows at a time, newest first", () => {
    expect(list.rows).toHaveLength(45);
    const first = pageOfUnusualDays(list, { pageSize: 20 });
    expect(first).toMatchObject({ total: 45, page: 1, first: 1, pages: 3, property: null, unknownProperty: false });
    expect(first.rows).toEqual(list.rows.slice(0, 20));
    const last = pageOfUnusualDays(list, { page: "3", pageSize: 20 });
    expect(last.first).toBe(41);
    expect(last.rows).toEqual(list.rows.slice(40));
  });

  it("reads a page as typed: not a whole number is the first page, beyond the last is the last", () => {
    expect(pageOfUnusualDays(list, { page: "0", pageSize: 20 }).page).toBe(1);
    expect(pageOfUnusualDays(list, { page: "two", pageSize: 20 }).page).toBe(1);
    expect(pageOfUnusualDays(list, { page: "-2", pageSize: 20 }).page).toBe(1);
    expect(pageOfUnusualDays(list, { page: "1.5", pageSize: 20 }).page).toBe(1);
    expect(pageOfUnusualDays(list, { page: "99", pageSize: 20 }).page).toBe(3);
  });

  it("narrows to one of the person's properties, then pages that", () => {
    const riverside = pageOfUnusualDays(list, { property: RIVERSIDE, pageSize: 20 });
    expect(riverside).toMatchObject({ total: 15, pages: 1, property: { label: RIVERSIDE }, unknownProperty: false });
    expect(riverside.rows.every((row) => row.propertyName === RIVERSIDE)).toBe(true);
    const harbour = pageOfUnusualDays(list, { property: HARBOUR, page: "2", pageSize: 20 });
    expect(harbour).toMatchObject({ total: 30, page: 2, pages: 2 });
    expect(harbour.rows).toHaveLength(10);
  });

  it("does not narrow to a property that is none of the person's, and says so", () => {
    const other = pageOfUnusualDays(list, { property: "Hôtel Élysée Montréal", pageSize: 20 });
    expect(other).toMatchObject({ total: 45, property: null, unknownProperty: true });
  });

  it("has one empty page when nothing is unusual", () => {
    expect(pageOfUnusualDays({ ...list, rows: [] }, { pageSize: 20 })).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      first: 0,
      pages: 1,
    });
  });
});

describe("unusualDaysLine", () => {
  /** The line as the Overview writes it in English, with US formats. */
  const line = (list: Parameters<typeof unusualDaysLine>[0]) => {
    const figures = unusualDaysLine(list)!;
    return translatorFor("en", "insights")("unusual.line", { ...figures, n: String(figures.count) });
  };

  it("counts property days, a day with two unusual rates once, over the stored days of the week", () => {
    const reports = stored(FIRST, [HARBOUR, RIVERSIDE], { [OUTAGE]: { [HARBOUR]: 45, [RIVERSIDE]: 60 } });
    reports.find((report) => report.reportedDateLocal === OUTAGE)!.byProperty[0]!.criminal = 200;
    const week = listOf(reports, ALL, 7);
    expect(week.rows).toHaveLength(3);
    expect(unusualDaysLine(week)).toEqual({ days: 7, count: 2 });
    expect(line(week)).toBe("Unusual days in the last 7 stored days: 2");
    expect(overviewDayHref(OUTAGE)).toBe(`/?day=${OUTAGE}`);
  });

  it("counts only the stored days there are, and says nothing when none was unusual", () => {
    const reports = stored(FIRST, [HARBOUR], { [NEWEST]: { [HARBOUR]: 45 } });
    const lastDay = unusualDays(scopedHistory(reports, ALL), [NEWEST], 7);
    expect(line(lastDay)).toBe("Unusual days in the last stored day: 1");
    expect(unusualDaysLine(listOf(stored(FIRST, [HARBOUR]), ALL, 7))).toBeNull();
  });
});
