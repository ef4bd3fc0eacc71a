import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { GuestItem, GuestsReport } from "./reports/types";
import type { RunningSimulator } from "./server";
import { FULL_KEY, guests, HONOLULU_KEY, localDate, NEW_YORK_KEY, start } from "./test-support";

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const FIELD_ORDER = [
  "propertyName",
  "propertyTimeZone",
  "checkInAtUtc",
  "checkInDateLocal",
  "firstName",
  "middleName",
  "lastName",
  "dateOfBirth",
  "gender",
  "identificationNumber",
  "documentExpirationDate",
  "address",
  "city",
  "state",
  "zipCode",
  "roomNumber",
  "email",
  "phone",
  "isFlagged",
  "hasCriminalRecord",
  "isSexualOffender",
  "matchedBanAtCheckIn",
  "isCurrentlyBanned",
  "source",
];

function expectContractShape(item: GuestItem): void {
  expect(Object.keys(item)).toEqual(FIELD_ORDER);
  for (const name of ["propertyName", "propertyTimeZone"] as const) expect(typeof item[name]).toBe("string");
  expect(item.checkInAtUtc).toMatch(UTC);
  expect(item.checkInDateLocal).toMatch(DATE);
  for (const name of ["firstName", "middleName", "lastName"] as const) {
    expect(item[name] === null || typeof item[name] === "string").toBe(true);
  }
  expect(item.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
  expect(item.documentExpirationDate).toMatch(LOCAL_DATE_TIME);
  expect([null, "MALE", "FEMALE", "UNKNOWN"]).toContain(item.gender);
  const strings = [
    "identificationNumber",
    "address",
    "city",
    "state",
    "zipCode",
    "roomNumber",
    "email",
    "phone",
  ] as const;
  for (const name of strings) expect(typeof item[name], name).toBe("string");
  const booleans = ["isFlagged", "hasCriminalRecord", "isSexualOffender", "isCurrentlyBanned"] as const;
  for (const name of booleans) expect(typeof item[name], name).toBe("boolean");
  expect([true, false, null]).toContain(item.matchedBanAtCheckIn);
  expect(["scan", "scan manual entry", "manual entry"]).toContain(item.source);
}

function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m > bm || (m === bm && d >= bd) ? 0 : 1);
}

let sim: RunningSimulator;
let report: GuestsReport;

beforeAll(async () => {
  sim = await start();
  report = await guests(sim);
});
afterAll(() => sim.close());

describe("guest arrivals report", () => {
  it("has the top-level shape without a filter: no propertyName, null message, totalCount = items", () => {
    expect(Object.keys(report)).toEqual(["totalCount", "reportedDateLocal", "message", "items"]);
    expect(report.totalCount).toBe(report.items.length);
    expect(report.message).toBeNull();
    expect(report.reportedDateLocal).toBe("2026-11-21");
  });

  it("types every field of every item exactly as the contract says", () => {
    expect(report.items.length).toBeGreaterThan(200);
    for (const item of report.items) expectContractShape(item);
  });

  it("sorts items by check-in instant", () => {
    const instants = report.items.map((item) => item.checkInAtUtc);
    expect([...instants].sort()).toEqual(instants);
  });

  it("places every check-in inside its property's local reported day", () => {
    for (const item of report.items) {
      expect(localDate(item.checkInAtUtc, item.propertyTimeZone)).toBe(item.checkInDateLocal);
    }
  });

  it("shows every gender state, every ban-match state and every source", () => {
    const genders = new Set(report.items.map((item) => item.gender));
    expect(genders).toEqual(new Set(["MALE", "FEMALE", "UNKNOWN", null]));
    expect(new Set(report.items.map((item) => item.matchedBanAtCheckIn))).toEqual(new Set([true, false, null]));
    expect(new Set(report.items.map((item) => item.source))).toEqual(
      new Set(["scan", "scan manual entry", "manual entry"]),
    );
  });

  it("shows all four gender states at each busy property", () => {
    const byProperty = new Map<string, Set<string | null>>();
    for (const item of report.items) {
      const key = `${item.propertyName}|${item.propertyTimeZone}`;
      byProperty.set(key, (byProperty.get(key) ?? new Set()).add(item.gender));
    }
    expect(byProperty.size).toBe(9);
    for (const [property, genders] of byProperty) expect(genders.size, property).toBe(4);
  });

  it("has names with apostrophes, diacritics, non-Latin scripts, nulls, and one markup last name", () => {
    const names = report.items.flatMap((item) => [item.firstName, item.middleName, item.lastName]);
    expect(names.some((name) => name?.includes("'"))).toBe(true);
    expect(names.some((name) => name !== null && /[À-ž]/.test(name))).toBe(true);
    expect(names.some((name) => name !== null && /[\u3040-\u30ff\u4e00-\u9fff\u0400-\u04ff]/.test(name))).toBe(true);
    expect(report.items.some((item) => item.middleName === null)).toBe(true);
    expect(report.items.some((item) => item.firstName === null || item.lastName === null)).toBe(true);
    const markup = report.items.filter((item) => item.lastName === "<img src=x onerror=alert(1)>");
    expect(markup).toHaveLength(1);
    expect(markup[0]?.propertyName).toBe("Riverside & Co. Hotel");
  });

  it("never leaves a screening-matched guest without a first or last name", () => {
    for (const item of report.items.filter((i) => i.hasCriminalRecord || i.isSexualOffender)) {
      expect(item.firstName).not.toBeNull();
      expect(item.lastName).not.toBeNull();
    }
  });

  it("has some guests under the age limit of 21 and empty strings for uncaptured details", () => {
    expect(report.items.some((item) => ageOn(item.dateOfBirth, item.checkInDateLocal) < 21)).toBe(true);
    expect(report.items.some((item) => item.email === "")).toBe(true);
    for (const item of report.items.filter((i) => i.source === "manual entry")) expect(item.email).toBe("");
  });

  it("keeps the screening rates plausible", () => {
    const rate = (predicate: (item: GuestItem) => boolean): number =>
      report.items.filter(predicate).length / report.items.length;
    expect(rate((item) => item.isFlagged)).toBeGreaterThan(0.01);
    expect(rate((item) => item.isFlagged)).toBeLessThan(0.1);
    expect(rate((item) => item.hasCriminalRecord)).toBeLessThan(0.07);
    expect(rate((item) => item.matchedBanAtCheckIn === null)).toBeGreaterThan(0.05);
    expect(rate((item) => item.source === "scan")).toBeGreaterThan(0.7);
    // A ban at check-in stays a ban; a guest matched at the desk is always currently banned.
    for (const item of report.items.filter((i) => i.matchedBanAtCheckIn === true)) {
      expect(item.isCurrentlyBanned).toBe(true);
    }
  });

  it("narrows to one property when filtered, with its real name and its own reported day", async () => {
    const honolulu = await guests(sim, FULL_KEY, "?propertyName=harbourviewhotel");
    expect(Object.keys(honolulu)).toEqual(["totalCount", "propertyName", "reportedDateLocal", "message", "items"]);
    expect(honolulu.propertyName).toBe("Harbour View Hotel");
    expect(honolulu.reportedDateLocal).toBe("2026-11-21");
    expect(new Set(honolulu.items.map((item) => item.propertyName))).toEqual(new Set(["Harbour View Hotel"]));
    expect(honolulu.items).toEqual(report.items.filter((item) => item.propertyTimeZone === "Pacific/Honolulu"));

    const tokyo = await guests(sim, FULL_KEY, `?propertyName=${encodeURIComponent("さくらイン 新宿")}`);
    expect(tokyo.propertyName).toBe("さくらイン 新宿");
    expect(tokyo.reportedDateLocal).toBe("2026-11-22");
    expect(tokyo.items.every((item) => item.checkInDateLocal === "2026-11-22")).toBe(true);
  });

  it("returns an empty item list (not an error) for a property with no activity", async () => {
    const quiet = await guests(sim, FULL_KEY, "?propertyName=Quiet%20Pines%20Motel");
    expect(quiet.totalCount).toBe(0);
    expect(quiet.items).toEqual([]);
  });

  it("reaches only the key's properties", async () => {
    const newYork = await guests(sim, NEW_YORK_KEY);
    expect(new Set(newYork.items.map((item) => item.propertyTimeZone))).toEqual(new Set(["America/New_York"]));
    const seaside = await guests(sim, NEW_YORK_KEY, "?propertyName=Seaside%20Suites");
    expect(seaside.propertyName).toBe("Seaside Suites");
    expect(seaside.items.every((item) => item.propertyTimeZone === "America/New_York")).toBe(true);
  });

  it("carries the upstream message for the Honolulu key", async () => {
    const honolulu = await guests(sim, HONOLULU_KEY);
    expect(honolulu.message).toBe("Figures were recalculated after a late kiosk sync.");
  });
});
