import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CriminalItem, CriminalReport, GuestsReport } from "./reports/types";
import type { RunningSimulator } from "./server";
import {
  criminal,
  CRIMINAL_ONLY_KEY,
  FULL_KEY,
  guests,
  localDateTime,
  NEW_YORK_KEY,
  NOW,
  setClock,
  start,
} from "./test-support";

const FIELD_ORDER = [
  "propertyName",
  "checkInAtUtc",
  "checkInDateLocal",
  "firstName",
  "lastName",
  "gender",
  "hasCriminalRecord",
  "isSexualOffender",
  "crimeTypes",
  "offenseDescriptions",
  "acknowledgedAtUtc",
  "acknowledgedAtLocal",
  "source",
];

let sim: RunningSimulator;
let report: CriminalReport;
let guestReport: GuestsReport;

beforeAll(async () => {
  sim = await start();
  report = await criminal(sim);
  guestReport = await guests(sim);
});
afterAll(() => sim.close());

const sexOffenderOnly = (item: CriminalItem): boolean => item.isSexualOffender && !item.hasCriminalRecord;

describe("criminal arrivals report", () => {
  it("has the top-level shape without a filter and no message field", () => {
    expect(Object.keys(report)).toEqual(["totalCount", "reportedDateLocal", "items"]);
    expect(report.totalCount).toBe(report.items.length);
    expect(report.reportedDateLocal).toBe(guestReport.reportedDateLocal);
  });

  it("types every item as the contract says", () => {
    expect(report.items.length).toBeGreaterThan(5);
    for (const item of report.items) {
      expect(Object.keys(item)).toEqual(FIELD_ORDER);
      expect(typeof item.firstName).toBe("string");
      expect(typeof item.lastName).toBe("string");
      expect(item.hasCriminalRecord || item.isSexualOffender).toBe(true);
      expect(Array.isArray(item.crimeTypes) && item.crimeTypes.every((t) => typeof t === "string")).toBe(true);
      expect(Array.isArray(item.offenseDescriptions)).toBe(true);
      expect(["scan", "scan manual entry", "manual entry"]).toContain(item.source);
    }
  });

  it("lists exactly the screening-matched guests of the guests report, one item each", () => {
    const matched = guestReport.items.filter((guest) => guest.hasCriminalRecord || guest.isSexualOffender);
    expect(report.items.map((item) => [item.propertyName, item.checkInAtUtc, item.firstName, item.lastName])).toEqual(
      matched.map((guest) => [guest.propertyName, guest.checkInAtUtc, guest.firstName, guest.lastName]),
    );
    report.items.forEach((item, index) => {
      const guest = matched[index];
      expect(item.gender).toBe(guest?.gender);
      expect(item.source).toBe(guest?.source);
      expect(item.checkInDateLocal).toBe(guest?.checkInDateLocal);
      expect([item.hasCriminalRecord, item.isSexualOffender]).toEqual([
        guest?.hasCriminalRecord,
        guest?.isSexualOffender,
      ]);
    });
  });

  it("has a sex-offender-only match with both lists empty, and a match with both flags", () => {
    const soOnly = report.items.filter(sexOffenderOnly);
    expect(soOnly.length).toBeGreaterThan(0);
    for (const item of soOnly) {
      expect(item.crimeTypes).toEqual([]);
      expect(item.offenseDescriptions).toEqual([]);
    }
    expect(report.items.some((item) => item.isSexualOffender && item.hasCriminalRecord)).toBe(true);
  });

  it("treats crimeTypes and offenseDescriptions as independent lists of different lengths", () => {
    const uneven = report.items.filter((item) => item.crimeTypes.length !== item.offenseDescriptions.length);
    expect(uneven.length).toBeGreaterThanOrEqual(2);
    expect(uneven.some((item) => item.crimeTypes.length > item.offenseDescriptions.length)).toBe(true);
    expect(uneven.some((item) => item.crimeTypes.length < item.offenseDescriptions.length)).toBe(true);
    for (const item of report.items.filter((i) => i.hasCriminalRecord)) {
      expect(item.crimeTypes.length).toBeGreaterThan(0);
    }
  });

  it("shows acknowledged and unacknowledged alerts; the local time is null exactly when the UTC time is", () => {
    const guestZones = new Map(guestReport.items.map((guest) => [guest.propertyName, guest.propertyTimeZone]));
    expect(report.items.some((item) => item.acknowledgedAtUtc === null)).toBe(true);
    expect(report.items.some((item) => item.acknowledgedAtUtc !== null)).toBe(true);
    for (const item of report.items) {
      expect(item.acknowledgedAtLocal === null).toBe(item.acknowledgedAtUtc === null);
      if (item.acknowledgedAtUtc === null) continue;
      expect(item.acknowledgedAtUtc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Date.parse(item.acknowledgedAtUtc)).toBeGreaterThan(Date.parse(item.checkInAtUtc));
      const zone = item.propertyName === "Seaside Suites" ? null : guestZones.get(item.propertyName);
      if (zone) expect(item.acknowledgedAtLocal).toBe(localDateTime(item.acknowledgedAtUtc, zone));
      expect(item.acknowledgedAtLocal).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it("uses FELONY and MISDEMEANOR, and now and then a value outside the documented examples", async () => {
    const seen = new Set(report.items.flatMap((item) => item.crimeTypes));
    for (const day of ["2026-11-20T02:00:00Z", "2026-11-21T02:00:00Z", "2026-11-22T02:00:00Z"]) {
      await setClock(sim, day);
      for (const item of (await criminal(sim)).items) for (const type of item.crimeTypes) seen.add(type);
    }
    await setClock(sim, NOW);
    expect(seen).toEqual(new Set(["FELONY", "MISDEMEANOR", "PETTY_OFFENSE"]));
  });

  it("guarantees the rare states for the New York key too, and narrows with propertyName", async () => {
    const newYork = await criminal(sim, NEW_YORK_KEY);
    expect(newYork.items.some(sexOffenderOnly)).toBe(true);
    const riverside = await criminal(sim, CRIMINAL_ONLY_KEY, "?propertyName=riverside%20%26%20co.%20hotel");
    expect(Object.keys(riverside)).toEqual(["totalCount", "propertyName", "reportedDateLocal", "items"]);
    expect(riverside.propertyName).toBe("Riverside & Co. Hotel");
    expect(riverside.items.every((item) => item.propertyName === "Riverside & Co. Hotel")).toBe(true);
    expect(riverside.items.length).toBeGreaterThanOrEqual(3);
  });

  it("reports Quiet Pines Motel with no items", async () => {
    const quiet = await criminal(sim, FULL_KEY, "?propertyName=quietpinesmotel");
    expect(quiet).toMatchObject({ totalCount: 0, propertyName: "Quiet Pines Motel", items: [] });
  });
});
