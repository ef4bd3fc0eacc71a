import { describe, expect, it } from "vitest";

import { DEFAULT_VISIBLE_COLUMNS } from "@/lib/features/guests/columns";
import { arrival } from "@/lib/features/guests/fixtures.test-support";
import { DEFAULT_SORT } from "@/lib/features/guests/sort";
import type { GuestArrival } from "@/lib/features/reports/types";

import { guestsCsvTable, type GuestsExportOptions } from "./guests";

const options: GuestsExportOptions = {
  search: "",
  sort: DEFAULT_SORT,
  columns: DEFAULT_VISIBLE_COLUMNS,
  identification: "masked",
  liveAsOf: "2026-11-23T07:14:00Z",
};

/** Items as the server holds them: full identification numbers. */
const items: GuestArrival[] = [
  arrival({
    firstName: "Ada",
    lastName: "Lovelace",
    identificationNumber: "P998877665",
    checkInAtUtc: "2026-11-22T21:00:00Z",
    roomNumber: "12",
  }),
  arrival({
    firstName: null,
    middleName: null,
    lastName: null,
    identificationNumber: "",
    checkInAtUtc: "2026-11-22T20:00:00Z",
    gender: null,
    matchedBanAtCheckIn: null,
    roomNumber: "",
    email: "",
  }),
  arrival({
    firstName: "Grace",
    lastName: "Hopper",
    identificationNumber: "Z55554444",
    checkInAtUtc: "2026-11-22T22:00:00Z",
    gender: "UNKNOWN",
    matchedBanAtCheckIn: true,
    isCurrentlyBanned: true,
    hasCriminalRecord: true,
    isFlagged: true,
    source: "manual entry",
    documentExpirationDate: "2020-01-01T00:00:00",
  }),
];

const asRecords = (table: ReturnType<typeof guestsCsvTable>) =>
  table.rows.map((row) => Object.fromEntries(table.headers.map((header, index) => [header, row[index]])));

describe("guestsCsvTable", () => {
  it("masks identification numbers unless full ones were asked for", () => {
    const masked = asRecords(guestsCsvTable(items, options));
    expect(masked.map((row) => row["ID number (masked)"])).toEqual(["Not captured", "••••••7665", "•••••4444"]);
    const text = JSON.stringify(masked);
    for (const item of items) if (item.identificationNumber) expect(text).not.toContain(item.identificationNumber);

    const full = asRecords(guestsCsvTable(items, { ...options, identification: "full" }));
    expect(full.map((row) => row["ID number (full)"])).toEqual(["Not captured", "P998877665", "Z55554444"]);
  });

  it("searches the masked numbers only, so full numbers never change which rows come out", () => {
    const byHidden = { ...options, search: "9988" };
    expect(guestsCsvTable(items, byHidden).rows).toHaveLength(0);
    expect(guestsCsvTable(items, { ...byHidden, identification: "full" }).rows).toHaveLength(0);
    const byVisible = asRecords(guestsCsvTable(items, { ...options, search: "7665", identification: "full" }));
    expect(byVisible.map((row) => row.Guest)).toEqual(["Ada Lovelace"]);
  });

  it("uses the screen's search and sort", () => {
    const found = guestsCsvTable(items, { ...options, search: "hopper" });
    expect(found.rows.map((row) => row[0])).toEqual(["Grace Hopper"]);
    const byName = guestsCsvTable(items, { ...options, sort: { key: "name", direction: "asc" } });
    expect(byName.rows.map((row) => row[0])).toEqual(["Grace Hopper", "Ada Lovelace", "Name not captured"]);
  });

  it("writes every state in the screen's words, null and UNKNOWN apart", () => {
    const [nameless, ada, grace] = asRecords(guestsCsvTable(items, options));
    expect(nameless).toMatchObject({
      Guest: "Name not captured",
      Gender: "Not captured",
      "Ban at check-in": "No screening record",
      Room: "Not captured",
      "E-mail": "Not captured",
      "Staff flag": "Not flagged",
    });
    expect(ada).toMatchObject({
      Gender: "Female",
      "Ban at check-in": "Screened, no ban",
      "Criminal record match": "No",
    });
    expect(grace).toMatchObject({
      Gender: "Captured, not classified",
      "Ban at check-in": "Ban matched at check-in",
      "Criminal record match": "Yes",
      "Staff flag": "Flagged by staff",
      Source: "Typed by staff",
      "Document expires": "2020-01-01",
      "Document expired at check-in": "Yes",
    });
  });

  it("labels the live ban with when it was read, and gives times in the property's zone and in UTC", () => {
    const table = guestsCsvTable(items, options);
    expect(table.headers).toContain("Currently banned (live, as of Nov 23, 2026, 7:14 AM UTC)");
    const [first] = asRecords(table);
    expect(first).toMatchObject({
      "Checked in (property time)": "Nov 22, 2026, 10:00 AM HST",
      "Property time zone": "Pacific/Honolulu",
      "Checked in (UTC)": "2026-11-22T20:00:00Z",
      "Check-in date (local)": "2026-11-22",
    });
  });

  it("includes only the chosen columns, with the guest, screening and staff flag always", () => {
    const table = guestsCsvTable(items, { ...options, columns: ["room"] });
    expect(table.groups).toEqual(["name", "screening", "staff", "room"]);
    expect(table.headers).toEqual([
      "Guest",
      "Criminal record match",
      "Sex-offender match",
      "Ban at check-in",
      "Currently banned (live, as of Nov 23, 2026, 7:14 AM UTC)",
      "Staff flag",
      "Room",
    ]);
  });

  it("writes a shared name with its property's zone, as the screen does", () => {
    const twins = [
      arrival({ propertyName: "Seaside Suites", propertyTimeZone: "America/Los_Angeles" }),
      arrival({ propertyName: "Seaside Suites", propertyTimeZone: "America/New_York" }),
    ];
    const table = guestsCsvTable(twins, { ...options, columns: ["property"], sharedNames: ["Seaside Suites"] });
    const property = table.headers.indexOf("Property");
    expect(table.rows.map((row) => row[property]).sort()).toEqual([
      "Seaside Suites (Los Angeles time)",
      "Seaside Suites (New York time)",
    ]);
    // A name nobody shares stays as the API wrote it.
    expect(guestsCsvTable(twins, { ...options, columns: ["property"] }).rows[0]![property]).toBe("Seaside Suites");
  });

  it("splits the address into its parts", () => {
    const table = guestsCsvTable([items[0]!], { ...options, columns: ["address"] });
    expect(table.headers.slice(-4)).toEqual(["Address", "City", "State", "ZIP code"]);
  });
});
