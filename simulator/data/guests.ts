import type { ArrivalSource, Gender } from "../reports/types";
import { LATE_BAN_AFTER_CLOSE_MS, lateBanPin, noScreeningShare } from "./insights";
import { acknowledgedAtMs, applyInvestigationCases, staffFlagChance } from "./investigations";
import { addDays, ageOn, formatLocalDateTime, formatUtc, formatUtcDate, parseDate } from "./local-time";
import { COUNTRIES, fillZip, LOCALES, randomPlace, type Country } from "./locales";
import { emailLocalPart, MIDDLE_NAMES, NAME_POOLS, type NameCulture } from "./names";
import { CRIME_TYPES, CRIME_TYPES_WITH_NEW_VALUE, MARKUP_LAST_NAME, OFFENSE_DESCRIPTIONS } from "./offenses";
import { chance, digits, intBetween, pick, pickDistinct, pickWeighted, rngFor, type Rng } from "./prng";
import type { Property } from "./properties";
import { isKioskOutage, OUTAGE_SOURCE_WEIGHTS } from "./unusual-days";

/** Everything about an arrival that never changes once the day is over. */
export interface StoredGuest {
  readonly checkInMs: number;
  readonly checkInAtUtc: string;
  readonly firstName: string | null;
  readonly middleName: string | null;
  readonly lastName: string | null;
  readonly dateOfBirth: string;
  readonly gender: Gender | null;
  readonly identificationNumber: string;
  readonly documentExpirationDate: string;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  readonly roomNumber: string;
  readonly email: string;
  readonly phone: string;
  readonly isFlagged: boolean;
  readonly hasCriminalRecord: boolean;
  readonly isSexualOffender: boolean;
  readonly matchedBanAtCheckIn: boolean | null;
  readonly source: ArrivalSource;
  /** A ban created after the stay; drives the live isCurrentlyBanned field. */
  readonly laterBanAtMs: number | null;
  readonly underAgeLimit: boolean;
  readonly criminal: CriminalDetails | null;
}

export interface CriminalDetails {
  readonly firstName: string;
  readonly lastName: string;
  readonly crimeTypes: readonly string[];
  readonly offenseDescriptions: readonly string[];
  readonly acknowledgedAtUtc: string | null;
  readonly acknowledgedAtLocal: string | null;
}

export interface DayContext {
  readonly seed: number;
  readonly property: Property;
  readonly date: string;
  readonly startMs: number;
  readonly endMs: number;
}

interface Forcing {
  gender?: Gender | null;
  sexOffender?: boolean;
  criminal?: boolean;
  typeCount?: number;
  descCount?: number;
  acknowledged?: boolean;
  lastName?: string;
  matchedBan?: boolean | null;
  laterBanAtMs?: number | null;
  source?: ArrivalSource;
  /** The staff flag; its draw is made either way, so forcing it shifts nothing after it. */
  flagged?: boolean;
}

const HOUR_MS = 3_600_000;

/**
 * Rare states are pinned to fixed arrival indices so every day shows them (tests and demos
 * need them reliably); each arrival has its own random stream, so pinning one never shifts another.
 */
function forcingFor(context: DayContext, index: number): Forcing {
  const genders: Array<Gender | null> = [null, "UNKNOWN", "MALE", "FEMALE"];
  if (index < genders.length) return { gender: genders[index] ?? null };
  const lateBan = lateBanPin(context.property, context.date, index);
  if (lateBan) {
    return {
      criminal: false,
      sexOffender: false,
      matchedBan: lateBan.matchedBan,
      laterBanAtMs: context.endMs + LATE_BAN_AFTER_CLOSE_MS,
    };
  }
  if (!context.property.showcase) return {};
  const clean = { criminal: false, sexOffender: false };
  switch (index) {
    case 4:
      return { sexOffender: true, criminal: false, acknowledged: false };
    case 5:
      return { sexOffender: true, criminal: true, typeCount: 1, descCount: 3, acknowledged: true, flagged: true };
    case 6:
      return { sexOffender: false, criminal: true, typeCount: 2, descCount: 1, acknowledged: true };
    case 7:
      return { ...clean, lastName: MARKUP_LAST_NAME };
    case 8:
      // Banned around noon on the day after: inside the window in which this day is "yesterday".
      return { ...clean, matchedBan: false, laterBanAtMs: context.endMs + 12 * HOUR_MS };
    case 9:
      return { matchedBan: true };
    case 10:
      return { matchedBan: null };
    case 11:
      return { source: "manual entry" };
    case 12:
      return { source: "scan manual entry" };
    default:
      return {};
  }
}

export function arrivalCount(seed: number, property: Property, date: string): number {
  if (!property.volume) return 0;
  return intBetween(rngFor(seed, property.id, date, "count"), property.volume.min, property.volume.max);
}

export function bansAdded(seed: number, property: Property, date: string): number {
  if (!property.volume) return 0;
  return intBetween(rngFor(seed, property.id, date, "bans-added"), 0, 3);
}

/** `withCases: false` leaves out the investigations' cases (investigations.ts), for tests to compare. */
export function generateGuests(context: DayContext, withCases = true): StoredGuest[] {
  const count = arrivalCount(context.seed, context.property, context.date);
  const guests: StoredGuest[] = [];
  const make = (index: number, extra: Forcing = {}) =>
    generateGuest(rngFor(context.seed, context.property.id, context.date, "guest", index), context, {
      ...forcingFor(context, index),
      ...extra,
    });
  for (let index = 0; index < count; index++) guests.push(make(index));
  if (withCases) applyInvestigationCases(context, guests, make);
  return guests.sort((a, b) => a.checkInMs - b.checkInMs);
}

function checkInInstant(rng: Rng, context: DayContext): number {
  // Arrivals cluster from early afternoon to late evening, with a thin spread around the clock.
  const fraction = chance(rng, 0.75) ? 0.55 + rng() * 0.4 : rng();
  const seconds = Math.floor((fraction * (context.endMs - context.startMs)) / 1000);
  return Math.min(context.startMs + seconds * 1000, context.endMs - 1000);
}

const GENDER_WEIGHTS = { MALE: 46, FEMALE: 46, UNKNOWN: 3, NONE: 5 } as const;
const SOURCE_WEIGHTS: Readonly<Record<ArrivalSource, number>> = {
  scan: 80,
  "scan manual entry": 12,
  "manual entry": 8,
};

function pickGender(rng: Rng): Gender | null {
  const value = pickWeighted(rng, GENDER_WEIGHTS);
  return value === "NONE" ? null : value;
}

function pickFirstName(rng: Rng, culture: NameCulture, gender: Gender | null): string {
  const pool = NAME_POOLS[culture];
  if (gender === "MALE") return pick(rng, pool.male);
  if (gender === "FEMALE") return pick(rng, pool.female);
  return pick(rng, chance(rng, 0.5) ? pool.male : pool.female);
}

function birthDate(rng: Rng, checkInDate: string): string {
  const age = chance(rng, 0.06) ? intBetween(rng, 18, 20) : intBetween(rng, 21, 84);
  const { year, month, day } = parseDate(checkInDate);
  const anniversary = Date.UTC(year - age, month - 1, day);
  return formatUtcDate(anniversary - intBetween(rng, 0, 364) * 86_400_000);
}

function email(rng: Rng, source: ArrivalSource, first: string | null, last: string | null, country: Country): string {
  // Staff typing a guest in rarely capture an e-mail address.
  if (source === "manual entry" || chance(rng, 0.12)) return "";
  const local = emailLocalPart(first, last) ?? `guest${digits(rng, 4)}`;
  const domain = pick(rng, ["example.com", "example.net", "example.org", `mail.example.${country.toLowerCase()}`]);
  return `${local}${chance(rng, 0.4) ? digits(rng, 2) : ""}@${domain}`;
}

function generateGuest(rng: Rng, context: DayContext, forced: Forcing): StoredGuest {
  const { property, date } = context;
  const checkInMs = checkInInstant(rng, context);
  const gender = forced.gender !== undefined ? forced.gender : pickGender(rng);

  const isSexualOffender = forced.sexOffender ?? chance(rng, 0.01);
  const hasCriminalRecord = forced.criminal ?? chance(rng, isSexualOffender ? 0.5 : 0.025);
  const screenedHit = isSexualOffender || hasCriminalRecord;
  const flagDraw = chance(rng, staffFlagChance(property, date, screenedHit));
  const isFlagged = forced.flagged ?? flagDraw;

  const banRoll = rng();
  const unscreened = noScreeningShare(property, date);
  const matchedBanAtCheckIn =
    forced.matchedBan !== undefined
      ? forced.matchedBan
      : banRoll < unscreened
        ? null
        : banRoll < unscreened + 0.02
          ? true
          : false;
  const laterBanAtMs =
    forced.laterBanAtMs !== undefined
      ? forced.laterBanAtMs
      : matchedBanAtCheckIn !== true && chance(rng, 0.015)
        ? checkInMs + intBetween(rng, 1, 48) * HOUR_MS + intBetween(rng, 0, 3599) * 1000
        : null;

  // One draw either way, so an outage day changes the sources and nothing drawn before them.
  const source =
    forced.source ??
    pickWeighted(rng, isKioskOutage(context.property, context.date) ? OUTAGE_SOURCE_WEIGHTS : SOURCE_WEIGHTS);

  const origin: Country = chance(rng, 0.65) ? property.country : pick(rng, COUNTRIES);
  const locale = LOCALES[origin];
  const culture = pickWeighted(rng, locale.cultures);
  const pool = NAME_POOLS[culture];
  // Criminal arrivals always carry names (the contract types them as strings), so only
  // unscreened arrivals may have an uncaptured name.
  const firstName = !screenedHit && chance(rng, 0.012) ? null : pickFirstName(rng, culture, gender);
  const lastName = forced.lastName ?? (!screenedHit && chance(rng, 0.012) ? null : pick(rng, pool.last));
  const middleName =
    culture !== "japanese" && culture !== "russian" && chance(rng, 0.3) ? pick(rng, MIDDLE_NAMES) : null;

  const dob = birthDate(rng, date);
  const isLocal = chance(rng, 0.07);
  const place = isLocal ? property.place : randomPlace(rng, origin);
  const placeLocale = isLocal ? LOCALES[property.country] : locale;
  const manual = source === "manual entry";

  const criminal = screenedHit
    ? criminalDetails(rng, context, forced, checkInMs, hasCriminalRecord, firstName ?? "", lastName ?? "")
    : null;

  return {
    checkInMs,
    checkInAtUtc: formatUtc(checkInMs),
    firstName,
    middleName,
    lastName,
    dateOfBirth: `${dob}T00:00:00`,
    gender,
    identificationNumber: manual && chance(rng, 0.15) ? "" : placeLocale.idNumber(rng),
    documentExpirationDate: `${addDays(date, intBetween(rng, -45, 3650))}T00:00:00`,
    address: manual && chance(rng, 0.1) ? "" : placeLocale.address(rng, pick(rng, placeLocale.streets)),
    city: place.city,
    state: place.state,
    zipCode: manual && chance(rng, 0.1) ? "" : fillZip(rng, place),
    roomNumber: `${intBetween(rng, 1, 12)}${String(intBetween(rng, 1, 40)).padStart(2, "0")}`,
    email: email(rng, source, firstName, lastName, origin),
    phone: chance(rng, 0.9) ? locale.phone(rng) : "",
    isFlagged,
    hasCriminalRecord,
    isSexualOffender,
    matchedBanAtCheckIn,
    source,
    laterBanAtMs,
    underAgeLimit: ageOn(dob, date) < property.ageLimit,
    criminal,
  };
}

function criminalDetails(
  rng: Rng,
  context: DayContext,
  forced: Forcing,
  checkInMs: number,
  hasCriminalRecord: boolean,
  firstName: string,
  lastName: string,
): CriminalDetails {
  // Sex-offender registry matches withhold offenses: both lists stay empty without a criminal match.
  const typeCount = hasCriminalRecord ? (forced.typeCount ?? (chance(rng, 0.7) ? 1 : 2)) : 0;
  const descCount = hasCriminalRecord ? (forced.descCount ?? intBetween(rng, 1, 3)) : 0;
  const typePool = chance(rng, 0.12) ? CRIME_TYPES_WITH_NEW_VALUE : CRIME_TYPES;
  const acknowledged = forced.acknowledged ?? chance(rng, 0.75);
  const acknowledgedMs = acknowledgedAtMs(context, checkInMs, rng());
  return {
    firstName,
    lastName,
    crimeTypes: pickDistinct(rng, typePool, typeCount),
    offenseDescriptions: pickDistinct(rng, OFFENSE_DESCRIPTIONS, descCount),
    acknowledgedAtUtc: acknowledged ? formatUtc(acknowledgedMs) : null,
    acknowledgedAtLocal: acknowledged ? formatLocalDateTime(acknowledgedMs, context.property.timeZone) : null,
  };
}
