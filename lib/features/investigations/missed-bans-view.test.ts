import { describe, expect, it } from "vitest";

import type { PropertyScope } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";
import { labelsInEnglishToo } from "@/lib/core/property-names";

import type { MissedBan } from "./missed-bans";
import { missedBansCsvTable, OTHER_PROPERTY, WITHHELD_NAME } from "./missed-bans-csv";
import { knownFor, missedBanRows, missedBansHref, parseMissedBanQuery, viewMissedBans } from "./missed-bans-view";

const HARBOUR = { propertyName: "Harbour View Hotel", propertyTimeZone: "Pacific/Honolulu" };
const ZURICH = { propertyName: "Grand Hotel Zürich", propertyTimeZone: "Europe/Zurich" };
const SEASIDE_LA = { propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" };
const SEASIDE_NY = { propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" };

let position = 0;

function entry(
  here: { propertyName: string; propertyTimeZone: string },
  seenAt: { propertyName: string; propertyTimeZone: string },
  checkIn = "2026-11-05T20:00:00Z",
): MissedBan {
  position += 1;
  const same = here.propertyName === seenAt.propertyName && here.propertyTimeZone === seenAt.propertyTimeZone;
  return {
    ...here,
    ref: { reportId: 1, position },
    day: checkIn.slice(0, 10),
    checkInAtUtc: checkIn,
    source: "scan",
    atCheckIn: "clear",
    category: "scan",
    firstSeen: {
      ...seenAt,
      at: new Date("2026-11-02T20:00:00Z"),
      banned: true,
      kind: "matched",
      ref: { reportId: 0, position },
      day: "2026-11-02",
    },
    involved: same ? [here] : [here, seenAt],
  };
}

const HARBOUR_ONLY: PropertyScope = { allProperties: false, properties: ["Harbour View Hotel"] };
const EVERYONE: PropertyScope = { allProperties: true, properties: [] };
const SHARED = ["Seaside Suites"];

describe("who sees what of a missed ban", () => {
  it("lists an entry under the arrival's property, whole only to a person who sees every property involved", () => {
    const entries = [entry(HARBOUR, ZURICH), entry(HARBOUR, HARBOUR), entry(ZURICH, HARBOUR)];
    const mine = missedBanRows(entries, HARBOUR_ONLY, SHARED);
    // Zürich's arrival is not theirs: not listed at all.
    expect(mine.map((row) => row.label)).toEqual(["Harbour View Hotel", "Harbour View Hotel"]);
    expect(mine.map((row) => row.whole)).toEqual([false, true]);
    expect(mine[0]!.seen).toEqual({ shown: false });
    expect(mine[1]!.seen).toMatchObject({ shown: true, here: true, label: "Harbour View Hotel" });
    expect(missedBanRows(entries, EVERYONE, SHARED).every((row) => row.whole)).toBe(true);
  });

  it("labels a shared name by its zone, and a person who sees the name sees both of its properties", () => {
    const rows = missedBanRows(
      [entry(SEASIDE_NY, SEASIDE_LA)],
      { allProperties: false, properties: ["Seaside Suites"] },
      SHARED,
    );
    expect(rows[0]).toMatchObject({
      label: "Seaside Suites (New York time)",
      whole: true,
      seen: { shown: true, here: false, label: "Seaside Suites (Los Angeles time)" },
    });
  });

  it("labels in the reader's words, and a file found by those labels still writes English", () => {
    const french = translatorFor("fr", "common");
    const entries = [entry(SEASIDE_NY, SEASIDE_LA), entry(HARBOUR, HARBOUR)];
    expect(missedBanRows(entries, EVERYONE, SHARED, french)[0]).toMatchObject({
      label: "Seaside Suites (heure de New York)",
      seen: { shown: true, label: "Seaside Suites (heure de Los Angeles)" },
    });
    const { words, english } = labelsInEnglishToo(french);
    const query = parseMissedBanQuery({ window: 90, property: "seaside suites (HEURE DE NEW YORK)" }, {});
    const view = viewMissedBans(missedBanRows(entries, EVERYONE, SHARED, words), query, {
      from: "2026-08-08",
      to: "2026-11-05",
      severalProperties: true,
    });
    expect(view.property).toEqual({ label: "Seaside Suites (heure de New York)" });
    const [row] = view.rows;
    const table = missedBansCsvTable([
      {
        ...row!,
        label: english(row!.label),
        seen: row!.seen.shown ? { ...row!.seen, label: english(row!.seen.label) } : row!.seen,
        name: "Ana Silva",
      },
    ]);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]![table.headers.indexOf("Property")]).toBe("Seaside Suites (New York time)");
    expect(table.rows[0]![table.headers.indexOf("Ban first seen at")]).toBe("Seaside Suites (Los Angeles time)");
  });

  it("writes the file with the name and the other property withheld in words, never an empty cell", () => {
    const [withheld, whole] = missedBanRows([entry(HARBOUR, ZURICH), entry(HARBOUR, HARBOUR)], HARBOUR_ONLY, []);
    const table = missedBansCsvTable([
      { ...withheld!, name: null },
      { ...whole!, name: "Leilani Kahale" },
    ]);
    expect(table.rows[0]![0]).toBe(WITHHELD_NAME);
    expect(table.rows[0]![table.headers.indexOf("Ban first seen at")]).toBe(OTHER_PROPERTY);
    expect(table.rows[0]!.join(" ")).not.toContain("Zürich");
    expect(table.rows[1]![0]).toBe("Leilani Kahale");
    expect(table.rows[1]![table.headers.indexOf("Check-in (property time)")]).toBe("Nov 5, 2026, 10:00 AM HST");
    expect(table.rows[1]![table.headers.indexOf("Hours the ban was known before the check-in")]).toBe(72);
  });
});

describe("the list", () => {
  it("figures every property, filters to one, sorts and pages 50 at a time", () => {
    const entries = Array.from({ length: 55 }, (_, index) =>
      entry(index % 2 ? HARBOUR : ZURICH, HARBOUR, `2026-11-${String(5 + (index % 20)).padStart(2, "0")}T20:00:00Z`),
    );
    const rows = missedBanRows(entries, EVERYONE, []);
    const bounds = { from: "2026-11-01", to: "2026-11-30", severalProperties: true };
    const all = viewMissedBans(rows, parseMissedBanQuery({ window: 30 }, {}), bounds);
    expect(all).toMatchObject({ total: 55, pages: 2, page: 1, choices: ["Grand Hotel Zürich", "Harbour View Hotel"] });
    expect(all.figures.total).toMatchObject({ total: 55, counts: { scan: 55, "no screening record": 0 } });
    expect(all.figures.categories).not.toContain("other source");
    expect(all.rows).toHaveLength(50);

    const second = viewMissedBans(rows, parseMissedBanQuery({ window: 30, page: "2" }, { sort: "oldest" }), bounds);
    expect(second.rows).toHaveLength(5);
    expect(second.rows.map((row) => row.checkInAtUtc)).toEqual([...second.rows.map((row) => row.checkInAtUtc)].sort());

    const harbour = viewMissedBans(
      rows,
      parseMissedBanQuery({ window: 30, property: "harbour view hotel" }, {}),
      bounds,
    );
    expect(harbour.property).toEqual({ label: "Harbour View Hotel" });
    expect(harbour.total).toBe(27);
    // The figures stay the whole list's.
    expect(harbour.figures.total.total).toBe(55);

    const unknown = viewMissedBans(rows, parseMissedBanQuery({ window: 30, property: "Nowhere" }, {}), bounds);
    expect(unknown).toMatchObject({ unknownProperty: "Nowhere", property: null, total: 55 });

    const one = viewMissedBans(rows, parseMissedBanQuery({ window: 30 }, {}), { ...bounds, severalProperties: false });
    expect(one.choices).toEqual([]);
  });

  it("reads its address without a name, the defaults left out", () => {
    expect(missedBansHref({})).toBe("/investigations/missed-bans");
    expect(missedBansHref({ window: 365, property: "Harbour View Hotel", sort: "known", page: 2 })).toBe(
      "/investigations/missed-bans?window=365&property=Harbour+View+Hotel&sort=known&page=2",
    );
    expect(parseMissedBanQuery({ window: 90 }, { sort: "name" }).sort).toBe("newest");
    expect([
      knownFor(30 * 60_000),
      knownFor(5 * 3_600_000),
      knownFor(47 * 3_600_000),
      knownFor(72 * 3_600_000),
    ]).toEqual([
      { unit: "lessThanHour", count: 0 },
      { unit: "hours", count: 5 },
      { unit: "hours", count: 47 },
      { unit: "days", count: 3 },
    ]);
    const t = translatorFor("en", "investigations");
    expect(
      [30 * 60_000, 3_600_000, 5 * 3_600_000, 72 * 3_600_000].map((ms) => t("missedBans.known", knownFor(ms))),
    ).toEqual(["less than an hour", "1 hour", "5 hours", "3 days"]);
  });
});
