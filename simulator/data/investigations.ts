import { TZDate } from "@date-fns/tz";

import type { Gender } from "../reports/types";
import type { DayContext, StoredGuest } from "./guests";
import { dayNumber, LATE_BAN_EVERY_DAYS, LATE_BAN_PINS } from "./insights";
import { addDays, parseDate } from "./local-time";
import { emailLocalPart } from "./names";
import { digits, rngFor } from "./prng";
import type { Property } from "./properties";

/**
 * What the demo's history needs for Daybook's investigations, as pure functions of the property and
 * the local date like the insights' pins (insights.ts), so that any 30 days the demo pulls hold them:
 * guests who come back to the group after a ban, a staff flag or a criminal match; staff who flag far
 * more often than the rest; desks slower to acknowledge an alert at night and at one property.
 *
 * The cases never add or remove an arrival and never change what a day counts: a visit takes an
 * arrival that already has the state it needs (a ban match, a criminal match, a clean screening…)
 * and gives it the case's person (names, date of birth, document). Only when a day has no such
 * arrival is one made to have it, and that day's counts then move by one.
 */

// ── Guests who come back ──

/** Every case repeats on this cycle of local dates (days since 1970-01-01, modulo). */
export const INVESTIGATION_CYCLE_DAYS = 14;

/**
 * Pins below this arrival index are left to the others: 0–3 pin the genders, Riverside's showcase
 * uses 4–12 and its late ban 13 (insights.ts).
 */
export const FIRST_CASE_INDEX = 14;

export type VisitState =
  /** Matched against a ban at check-in (`matchedBanAtCheckIn: true`). */
  | "ban-matched"
  /** The stay insights.ts bans an hour after the day closed: read as banned by the day's pull. */
  | "banned-after-close"
  /** Screened, nothing found (`false`), not flagged, never banned later. */
  | "screened-clean"
  /** No screening record (`null`), nothing found, not flagged, never banned later. */
  | "no-screening-record"
  /** Screened clean, and flagged by the desk's staff. */
  | "staff-flagged"
  /** A criminal-record match, never banned later (one who is also a sex offender only on a day without another). */
  | "criminal-match";

export interface Persona {
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: Gender;
  readonly dateOfBirth: string;
  /**
   * The document number starts with this and ends with 8 digits of the case's cycle: a shape no
   * random guest's document has, so a case's person never shares a number with a random guest.
   */
  readonly documentPrefix: string;
}

export interface CaseVisit {
  readonly propertyId: string;
  /** Days after the case's first visit (local dates, each in its property's zone). */
  readonly afterDays: number;
  readonly state: VisitState;
  /** Only an arrival with this source (scan, scan manual entry, manual entry) is taken. */
  readonly source?: StoredGuest["source"];
}

export interface InvestigationCase {
  readonly id: string;
  readonly kind: "missed-ban" | "repeat-visitor" | "three-properties";
  readonly persona: Persona;
  /** The first visit's day in the cycle: dayNumber(date) % INVESTIGATION_CYCLE_DAYS. */
  readonly cycleOffset: number;
  readonly visits: readonly CaseVisit[];
}

const harbourLateBan = LATE_BAN_PINS.find((pin) => pin.propertyId === "harbour-view");
if (!harbourLateBan || LATE_BAN_EVERY_DAYS !== INVESTIGATION_CYCLE_DAYS) {
  throw new Error("the missed ban after a pull rides Harbour View Hotel's late ban, on the same cycle");
}
const LATE_BAN_INDEX = harbourLateBan.index;

export const INVESTIGATION_CASES: readonly InvestigationCase[] = [
  {
    // A missed ban both places of which the demo supervisor sees: names shown to them.
    id: "missed-ban-screened-clean",
    kind: "missed-ban",
    persona: {
      firstName: "Corinne",
      lastName: "Ashdown",
      gender: "FEMALE",
      dateOfBirth: "1984-03-17",
      documentPrefix: "A",
    },
    cycleOffset: 1,
    visits: [
      { propertyId: "harbour-view", afterDays: 0, state: "ban-matched" },
      { propertyId: "riverside-co", afterDays: 3, state: "screened-clean", source: "scan" },
    ],
  },
  {
    // No screening record at a supervisor's property, the ban seen at one they do not see.
    id: "missed-ban-no-screening-record",
    kind: "missed-ban",
    persona: {
      firstName: "Matthias",
      lastName: "Brunnhofer",
      gender: "MALE",
      dateOfBirth: "1971-09-02",
      documentPrefix: "E",
    },
    cycleOffset: 5,
    visits: [
      { propertyId: "sakura-shinjuku", afterDays: 0, state: "ban-matched" },
      { propertyId: "harbour-view", afterDays: 4, state: "no-screening-record" },
    ],
  },
  {
    // The ban was not matched at check-in but read on the day's pull (isCurrentlyBanned).
    id: "missed-ban-after-pull",
    kind: "missed-ban",
    persona: {
      firstName: "Robin",
      lastName: "Kahananui",
      gender: "MALE",
      dateOfBirth: "1990-06-21",
      documentPrefix: "A",
    },
    cycleOffset: harbourLateBan.offset,
    visits: [
      { propertyId: "harbour-view", afterDays: 0, state: "banned-after-close" },
      { propertyId: "seaside-ny", afterDays: 4, state: "screened-clean", source: "scan manual entry" },
    ],
  },
  {
    id: "flagged-then-elsewhere",
    kind: "repeat-visitor",
    persona: {
      firstName: "Ingrid",
      lastName: "Solberg",
      gender: "FEMALE",
      dateOfBirth: "1988-11-05",
      documentPrefix: "P",
    },
    cycleOffset: 6,
    visits: [
      { propertyId: "harbour-view", afterDays: 0, state: "staff-flagged" },
      { propertyId: "riverside-co", afterDays: 6, state: "screened-clean" },
    ],
  },
  {
    id: "criminal-then-elsewhere",
    kind: "repeat-visitor",
    persona: { firstName: "健一", lastName: "森本", gender: "MALE", dateOfBirth: "1979-01-28", documentPrefix: "TM" },
    cycleOffset: 0,
    visits: [
      { propertyId: "sakura-shinjuku", afterDays: 0, state: "criminal-match" },
      { propertyId: "grand-zurich", afterDays: 10, state: "screened-clean" },
    ],
  },
  {
    // Two of the three share a name (Seaside Suites, Santa Monica and Atlantic City).
    id: "three-properties-in-a-week",
    kind: "three-properties",
    persona: {
      firstName: "Lucía",
      lastName: "Ferreira",
      gender: "FEMALE",
      dateOfBirth: "1993-07-14",
      documentPrefix: "AK",
    },
    cycleOffset: 2,
    visits: [
      { propertyId: "seaside-la", afterDays: 0, state: "screened-clean" },
      { propertyId: "seaside-ny", afterDays: 2, state: "screened-clean" },
      { propertyId: "riverside-co", afterDays: 4, state: "screened-clean" },
    ],
  },
];

const mod = (value: number, by: number) => ((value % by) + by) % by;

/** The document of a case's person in the cycle beginning on `firstDate`: a new person every cycle. */
export function caseDocumentNumber(entry: InvestigationCase, firstDate: string): string {
  return `${entry.persona.documentPrefix}${digits(rngFor("investigation", entry.id, firstDate), 8)}`;
}

export interface CaseInstance {
  readonly caseId: string;
  readonly kind: InvestigationCase["kind"];
  readonly firstName: string;
  readonly lastName: string;
  readonly identificationNumber: string;
  readonly visits: readonly { propertyId: string; date: string; state: VisitState }[];
}

function instanceOf(entry: InvestigationCase, firstDate: string): CaseInstance {
  return {
    caseId: entry.id,
    kind: entry.kind,
    firstName: entry.persona.firstName,
    lastName: entry.persona.lastName,
    identificationNumber: caseDocumentNumber(entry, firstDate),
    visits: entry.visits.map((visit) => ({
      propertyId: visit.propertyId,
      date: addDays(firstDate, visit.afterDays),
      state: visit.state,
    })),
  };
}

/** The cases every visit of which lies in [from, to] (local dates, inclusive), oldest first: for tests. */
export function investigationCasesBetween(from: string, to: string): CaseInstance[] {
  const found: { first: string; instance: CaseInstance }[] = [];
  for (const entry of INVESTIGATION_CASES) {
    const span = Math.max(...entry.visits.map((visit) => visit.afterDays));
    for (let first = from; addDays(first, span) <= to; first = addDays(first, 1)) {
      if (mod(dayNumber(first), INVESTIGATION_CYCLE_DAYS) === entry.cycleOffset) {
        found.push({ first, instance: instanceOf(entry, first) });
      }
    }
  }
  return found.sort((a, b) => a.first.localeCompare(b.first)).map((entry) => entry.instance);
}

/** The forcing a made-to-fit arrival gets (guests.ts `Forcing`, the fields a visit needs). */
export interface VisitForcing {
  criminal: boolean;
  sexOffender: boolean;
  matchedBan: boolean | null;
  laterBanAtMs: null;
  flagged: boolean;
  source?: StoredGuest["source"];
}

const NOTHING_FOUND = { criminal: false, sexOffender: false, laterBanAtMs: null, flagged: false } as const;

const FORCING: Readonly<Record<Exclude<VisitState, "banned-after-close">, VisitForcing>> = {
  "ban-matched": { ...NOTHING_FOUND, matchedBan: true },
  "screened-clean": { ...NOTHING_FOUND, matchedBan: false },
  "no-screening-record": { ...NOTHING_FOUND, matchedBan: null },
  "staff-flagged": { ...NOTHING_FOUND, matchedBan: false },
  "criminal-match": { ...NOTHING_FOUND, criminal: true, matchedBan: false },
};

/**
 * Whether an arrival as generated already has the visit's state (and can take its person unchanged);
 * `loose` accepts a second best: a ban match with a criminal or sex-offender match too; for a criminal
 * match, one who is also a sex offender, or a sex offender alone.
 */
function fits(guest: StoredGuest, visit: CaseVisit, loose: boolean): boolean {
  if (guest.underAgeLimit || (visit.source && guest.source !== visit.source)) return false;
  const nothingFound = !guest.hasCriminalRecord && !guest.isSexualOffender && guest.laterBanAtMs === null;
  switch (visit.state) {
    case "ban-matched":
      return guest.matchedBanAtCheckIn === true && (loose || (!guest.hasCriminalRecord && !guest.isSexualOffender));
    case "screened-clean":
    case "staff-flagged":
      // A clean arrival the staff flag: the flag alone moves no count of the day.
      return guest.matchedBanAtCheckIn === false && nothingFound && !guest.isFlagged;
    case "no-screening-record":
      return guest.matchedBanAtCheckIn === null && nothingFound && !guest.isFlagged;
    case "criminal-match":
      return loose
        ? (guest.hasCriminalRecord || guest.isSexualOffender) && guest.laterBanAtMs === null
        : guest.hasCriminalRecord && !guest.isSexualOffender && guest.laterBanAtMs === null;
    case "banned-after-close":
      return true;
  }
}

/** The arrival with the case's person: everything that decides a count of the day stays as it was. */
function withPerson(guest: StoredGuest, entry: InvestigationCase, firstDate: string, visit: CaseVisit): StoredGuest {
  const { firstName, lastName, dateOfBirth, gender } = entry.persona;
  const local = emailLocalPart(firstName, lastName) ?? `guest${digits(rngFor("investigation-mail", entry.id), 4)}`;
  return {
    ...guest,
    firstName,
    middleName: null,
    lastName,
    gender,
    // A taken arrival is never under the age limit, but the late-banned stay is not chosen, and an
    // under-age guest keeps their date of birth so the day's age warnings stay as they were.
    dateOfBirth: guest.underAgeLimit ? guest.dateOfBirth : `${dateOfBirth}T00:00:00`,
    identificationNumber: caseDocumentNumber(entry, firstDate),
    documentExpirationDate: `${addDays(firstDate, 2400)}T00:00:00`,
    // Where the desk captured an e-mail address, the person's own (no e-mail stays none).
    email: guest.email === "" ? "" : `${local}@example.com`,
    isFlagged: visit.state === "staff-flagged" ? true : guest.isFlagged,
    criminal: guest.criminal ? { ...guest.criminal, firstName, lastName } : null,
  };
}

/** The visits of the cases that fall on this property's local date, with their cycle's first day. */
export function visitsOn(
  property: Pick<Property, "id">,
  date: string,
): { entry: InvestigationCase; visit: CaseVisit; firstDate: string }[] {
  const visits = [];
  for (const entry of INVESTIGATION_CASES) {
    for (const visit of entry.visits) {
      if (visit.propertyId !== property.id) continue;
      const firstDate = addDays(date, -visit.afterDays);
      if (mod(dayNumber(firstDate), INVESTIGATION_CYCLE_DAYS) === entry.cycleOffset) {
        visits.push({ entry, visit, firstDate });
      }
    }
  }
  return visits;
}

/**
 * Gives the day's case visits their arrivals, in place (`guests` in arrival-index order, before
 * sorting): the first arrival from FIRST_CASE_INDEX on that already has the visit's state, or, on a
 * day without one, the first free one made anew with it by `regenerate`.
 */
export function applyInvestigationCases(
  context: DayContext,
  guests: StoredGuest[],
  regenerate: (index: number, forcing: VisitForcing) => StoredGuest,
): void {
  const taken = new Set<number>();
  for (const { entry, visit, firstDate } of visitsOn(context.property, context.date)) {
    let index: number;
    if (visit.state === "banned-after-close") {
      index = LATE_BAN_INDEX;
    } else {
      const free = (at: number) => at >= FIRST_CASE_INDEX && !taken.has(at);
      index = guests.findIndex((guest, at) => free(at) && fits(guest, visit, false));
      if (index < 0) index = guests.findIndex((guest, at) => free(at) && fits(guest, visit, true));
      if (index < 0) {
        index = FIRST_CASE_INDEX;
        while (taken.has(index)) index++;
        if (index >= guests.length) continue;
        guests[index] = regenerate(index, {
          ...FORCING[visit.state],
          ...(visit.source ? { source: visit.source } : {}),
        });
      }
    }
    const guest = guests[index];
    if (!guest) continue;
    taken.add(index);
    guests[index] = withPerson(guest, entry, firstDate, visit);
  }
}

// ── Staff flags ──

/**
 * One property whose staff flag guests far more often than the rest of the group, mostly guests
 * screening found nothing about; more still at the weekend. Elsewhere a flag is rare (about 1 per
 * 100 arrivals), and about half follow an alert.
 */
export const STAFF_FLAGS = {
  heavyPropertyId: "elysee-montreal",
  usual: { clean: 0.005, afterAlert: 0.12 },
  heavy: { clean: 0.06, weekendClean: 0.09, afterAlert: 0.3 },
} as const;

/** Friday and Saturday, by the local date's weekday. */
function isWeekend(date: string): boolean {
  const { year, month, day } = parseDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 5 || weekday === 6;
}

/** The chance that the staff flag an arrival at this property on this day. */
export function staffFlagChance(property: Pick<Property, "id">, date: string, screenedHit: boolean): number {
  if (property.id !== STAFF_FLAGS.heavyPropertyId) {
    return screenedHit ? STAFF_FLAGS.usual.afterAlert : STAFF_FLAGS.usual.clean;
  }
  if (screenedHit) return STAFF_FLAGS.heavy.afterAlert;
  return isWeekend(date) ? STAFF_FLAGS.heavy.weekendClean : STAFF_FLAGS.heavy.clean;
}

// ── Alert response ──

/**
 * How long the desk takes to acknowledge a criminal or sex-offender alert: 1 to 15 minutes,
 * most under 5, three times that at night (00:00–05:59 in the property's time: one person at the
 * desk) and half again in the evening rush (17:00–21:59), and three times that at one property.
 * Never later than 15 minutes after the property's day closed, so the day's report, made 20 minutes
 * after, already holds it. (About a quarter are never acknowledged: guests.ts.)
 */
export const ALERT_RESPONSE = {
  slowPropertyId: "harbour-view",
  slowFactor: 3,
  minSeconds: 60,
  spreadSeconds: 840,
  nightHours: { from: 0, to: 5, factor: 3 },
  rushHours: { from: 17, to: 21, factor: 1.5 },
  latestAfterCloseMs: 15 * 60_000,
} as const;

function hourFactor(hour: number): number {
  const { nightHours, rushHours } = ALERT_RESPONSE;
  if (hour >= nightHours.from && hour <= nightHours.to) return nightHours.factor;
  if (hour >= rushHours.from && hour <= rushHours.to) return rushHours.factor;
  return 1;
}

/** The acknowledgement instant of an alert, from one uniform draw in [0, 1). */
export function acknowledgedAtMs(
  context: Pick<DayContext, "property" | "endMs">,
  checkInMs: number,
  draw: number,
): number {
  const { slowPropertyId, slowFactor, minSeconds, spreadSeconds, latestAfterCloseMs } = ALERT_RESPONSE;
  const hour = new TZDate(checkInMs, context.property.timeZone).getHours();
  const property = context.property.id === slowPropertyId ? slowFactor : 1;
  // Squared: most acknowledgements come quickly, a few take most of the quarter hour.
  const seconds = Math.round((minSeconds + draw * draw * spreadSeconds) * hourFactor(hour) * property);
  return Math.min(checkInMs + seconds * 1000, context.endMs + latestAfterCloseMs);
}
