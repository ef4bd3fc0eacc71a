import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DayStore } from "./data/day-store";
import { generateGuests, type StoredGuest } from "./data/guests";
import { dayNumber } from "./data/insights";
import {
  ALERT_RESPONSE,
  INVESTIGATION_CASES,
  INVESTIGATION_CYCLE_DAYS,
  investigationCasesBetween,
  STAFF_FLAGS,
  type VisitState,
} from "./data/investigations";
import { addDays, localDayBounds } from "./data/local-time";
import { DEFAULT_PROPERTIES } from "./data/properties";
import type { CriminalReport, GuestItem, GuestsReport } from "./reports/types";
import type { RunningSimulator } from "./server";
import { CRIMINAL, FULL_KEY, getJson, GUESTS, localDateTime, setClock, start } from "./test-support";

/** The investigations' cases, read over real HTTP as Daybook's daily pull reads them. */

const SEED = 20260814;
/** The e2e suite's stored history: 30 days up to its yesterday (its clock is 2026-11-23). */
const FIRST = "2026-10-24";
const LAST = "2026-11-22";
/** 12:00 UTC: every default property reports the same local yesterday. */
const pullAt = (day: string) => `${addDays(day, 1)}T12:00:00Z`;
const property = (id: string) => DEFAULT_PROPERTIES.find((entry) => entry.id === id)!;
const days = (from: string, to: string) => {
  const list: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) list.push(day);
  return list;
};

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await start();
});
afterAll(async () => {
  await sim.close();
});

/** A property's arrivals of a day, from the unfiltered reports (two properties share a name). */
async function reportsOf(day: string, propertyId: string) {
  const { name, timeZone } = property(propertyId);
  await setClock(sim, pullAt(day));
  const guests = await getJson<GuestsReport>(sim, GUESTS, FULL_KEY);
  const criminal = await getJson<CriminalReport>(sim, CRIMINAL, FULL_KEY);
  const items = guests.items.filter((item) => item.propertyName === name && item.propertyTimeZone === timeZone);
  const instants = new Set(items.map((item) => item.checkInAtUtc));
  return {
    guests: items,
    alerts: criminal.items.filter((item) => item.propertyName === name && instants.has(item.checkInAtUtc)),
  };
}

function expectState(item: GuestItem, state: VisitState, where: string) {
  const nothingFound = { hasCriminalRecord: false, isSexualOffender: false };
  switch (state) {
    case "ban-matched":
      expect(item, where).toMatchObject({ matchedBanAtCheckIn: true, isCurrentlyBanned: true });
      return;
    case "banned-after-close":
      // Not matched at check-in, and already banned when the next morning's pull reads the day.
      expect(item, where).toMatchObject({ ...nothingFound, matchedBanAtCheckIn: null, isCurrentlyBanned: true });
      return;
    case "screened-clean":
      expect(item, where).toMatchObject({
        ...nothingFound,
        matchedBanAtCheckIn: false,
        isCurrentlyBanned: false,
        isFlagged: false,
      });
      return;
    case "no-screening-record":
      expect(item, where).toMatchObject({
        ...nothingFound,
        matchedBanAtCheckIn: null,
        isCurrentlyBanned: false,
        isFlagged: false,
      });
      return;
    case "staff-flagged":
      expect(item, where).toMatchObject({ ...nothingFound, matchedBanAtCheckIn: false, isFlagged: true });
      return;
    case "criminal-match":
      expect(item.hasCriminalRecord || item.isSexualOffender, where).toBe(true);
      return;
  }
}

describe("the investigations' cases", () => {
  it("repeat every 14 days, so any 30 days hold every case whole", () => {
    for (let start = 0; start < INVESTIGATION_CYCLE_DAYS; start++) {
      const from = addDays("2026-12-01", start);
      const found = investigationCasesBetween(from, addDays(from, 29));
      for (const entry of INVESTIGATION_CASES) {
        expect(
          found.some((instance) => instance.caseId === entry.id),
          `${entry.id} from ${from}`,
        ).toBe(true);
      }
      for (const instance of found) {
        const first = instance.visits[0]!.date;
        const entry = INVESTIGATION_CASES.find((candidate) => candidate.id === instance.caseId)!;
        expect(dayNumber(first) % INVESTIGATION_CYCLE_DAYS).toBe(entry.cycleOffset);
      }
    }
  });

  it("are a new person every cycle: no document of a case is another's, nor a random guest's shape", () => {
    const found = investigationCasesBetween("2026-07-01", "2027-06-30");
    const numbers = found.map((instance) => instance.identificationNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) expect(number).toMatch(/^(A|E|P|TM|AK)\d{8}$/);
  });

  it("are served with the same person at every visit, in the state each visit needs", async () => {
    const found = investigationCasesBetween(FIRST, LAST);
    expect(new Set(found.map((instance) => instance.caseId))).toEqual(
      new Set(INVESTIGATION_CASES.map((entry) => entry.id)),
    );
    for (const instance of found) {
      for (const visit of instance.visits) {
        const where = `${instance.caseId} at ${visit.propertyId} on ${visit.date}`;
        const { guests, alerts } = await reportsOf(visit.date, visit.propertyId);
        const mine = guests.filter((item) => item.identificationNumber === instance.identificationNumber);
        expect(mine, where).toHaveLength(1);
        const item = mine[0]!;
        expect(item, where).toMatchObject({
          firstName: instance.firstName,
          middleName: null,
          lastName: instance.lastName,
          checkInDateLocal: visit.date,
        });
        expectState(item, visit.state, where);
        const alert = alerts.find((entry) => entry.checkInAtUtc === item.checkInAtUtc);
        if (visit.state === "criminal-match") {
          expect(alert, where).toMatchObject({ firstName: instance.firstName, lastName: instance.lastName });
        }
      }
      // One person: the same date of birth and gender wherever they stay.
      const seen: string[] = [];
      for (const visit of instance.visits) {
        const { guests } = await reportsOf(visit.date, visit.propertyId);
        const item = guests.find((entry) => entry.identificationNumber === instance.identificationNumber)!;
        seen.push(`${item.dateOfBirth} ${item.gender}`);
      }
      expect(new Set(seen).size, instance.caseId).toBe(1);
    }
  });

  it("move no count of a day: they take arrivals that already have the state they need", () => {
    const countsOf = (guests: readonly StoredGuest[]) =>
      guests.map((guest) =>
        [
          guest.checkInAtUtc,
          guest.matchedBanAtCheckIn,
          guest.hasCriminalRecord,
          guest.isSexualOffender,
          guest.source,
          guest.laterBanAtMs,
          guest.underAgeLimit,
          guest.city,
          guest.criminal?.acknowledgedAtUtc ?? "none",
        ].join("|"),
      );
    let changed = 0;
    for (const day of days(addDays(FIRST, -30), LAST)) {
      for (const entry of DEFAULT_PROPERTIES) {
        const context = { seed: SEED, property: entry, date: day, ...localDayBounds(day, entry.timeZone) };
        const plain = generateGuests(context, false);
        const withCases = generateGuests(context);
        expect(countsOf(withCases), `${entry.id} on ${day}`).toEqual(countsOf(plain));
        changed += withCases.filter(
          (guest, index) => guest.identificationNumber !== plain[index]!.identificationNumber,
        ).length;
      }
    }
    expect(changed).toBeGreaterThan(20);
  });
});

describe("staff flags", () => {
  const store = new DayStore(SEED, 1_000_000);
  const window = days(FIRST, LAST);

  it("come far more often at one property, mostly about guests screening found nothing about", () => {
    let groupArrivals = 0;
    let groupFlags = 0;
    for (const entry of DEFAULT_PROPERTIES.filter((candidate) => candidate.volume)) {
      const guests = window.flatMap((day) => store.day(entry, day).guests);
      const flagged = guests.filter((guest) => guest.isFlagged);
      const per100 = (flagged.length * 100) / guests.length;
      if (entry.id === STAFF_FLAGS.heavyPropertyId) {
        expect(per100).toBeGreaterThan(5);
        const unmatched = flagged.filter(
          (guest) => !guest.hasCriminalRecord && !guest.isSexualOffender && guest.matchedBanAtCheckIn !== true,
        );
        expect(unmatched.length / flagged.length).toBeGreaterThan(0.75);
      } else {
        expect(per100, entry.id).toBeLessThan(2.5);
        groupArrivals += guests.length;
        groupFlags += flagged.length;
      }
    }
    expect((groupFlags * 100) / groupArrivals).toBeGreaterThan(0.5);
    expect((groupFlags * 100) / groupArrivals).toBeLessThan(1.6);
  });

  it("leave a flagged guest at Riverside & Co. Hotel every day (its showcase)", async () => {
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
      const { guests } = await reportsOf(day, "riverside-co");
      expect(
        guests.some((item) => item.isFlagged && item.firstName && item.lastName),
        day,
      ).toBe(true);
    }
  });
});

describe("alert response", () => {
  const store = new DayStore(SEED, 1_000_000);
  const window = days(FIRST, LAST);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const minutes = (guest: StoredGuest) => (Date.parse(guest.criminal!.acknowledgedAtUtc!) - guest.checkInMs) / 60_000;
  const localHour = (guest: StoredGuest, timeZone: string) =>
    Number(localDateTime(guest.checkInAtUtc, timeZone).slice(11, 13));

  it("is slower at one property, and at night in property time, and never after the day's report", () => {
    const byProperty = new Map<string, number[]>();
    const night: number[] = [];
    const day: number[] = [];
    let unacknowledged = 0;
    let alerts = 0;
    for (const entry of DEFAULT_PROPERTIES.filter((candidate) => candidate.volume)) {
      const delays: number[] = [];
      for (const date of window) {
        const stored = store.day(entry, date);
        for (const guest of stored.guests.filter((candidate) => candidate.criminal)) {
          alerts++;
          if (guest.criminal!.acknowledgedAtUtc === null) {
            unacknowledged++;
            continue;
          }
          const taken = minutes(guest);
          expect(taken).toBeGreaterThan(0);
          expect(Date.parse(guest.criminal!.acknowledgedAtUtc!)).toBeLessThanOrEqual(
            stored.endMs + ALERT_RESPONSE.latestAfterCloseMs,
          );
          delays.push(taken);
          if (entry.id === ALERT_RESPONSE.slowPropertyId) continue;
          const hour = localHour(guest, entry.timeZone);
          if (hour <= ALERT_RESPONSE.nightHours.to) night.push(taken);
          else if (hour >= 8 && hour < ALERT_RESPONSE.rushHours.from) day.push(taken);
        }
      }
      byProperty.set(entry.id, delays);
    }
    const slow = median(byProperty.get(ALERT_RESPONSE.slowPropertyId)!);
    for (const [id, delays] of byProperty) {
      if (id !== ALERT_RESPONSE.slowPropertyId) expect(slow, id).toBeGreaterThan(2 * median(delays));
    }
    expect(night.length).toBeGreaterThan(20);
    expect(median(night)).toBeGreaterThan(2 * median(day));
    // Some alerts are never acknowledged: not the same as no alert.
    expect(unacknowledged / alerts).toBeGreaterThan(0.1);
    expect(unacknowledged / alerts).toBeLessThan(0.4);
  });
});
