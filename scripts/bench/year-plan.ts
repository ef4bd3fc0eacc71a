/**
 * What the `year.` rows' seeding is to store and what it has stored so far, shared by the bench
 * (measures/year.ts) and its worker (year-worker.ts): kept as a JSON file beside the database, so
 * that a kept database (`--year-reuse DIR`) is measured again without being seeded again, and an
 * interrupted seeding goes on where it stopped.
 */
import { randomBytes } from "node:crypto";

import { addDays } from "@/lib/core/days";

import type { YearDbKind } from "./year-db";

/** A day's pull: 11:30 UTC the next day, inside every large-simulator property's common window (as the demo's). */
export const pullAt = (day: string) => `${addDays(day, 1)}T11:30:00Z`;
/** The demo's second pull of its latest days, later the same day. */
export const SECOND_PULL_AT = "T18:00:00Z";

/** The supervisor whose reviews and sign-offs the seeding makes (every property, as a group's supervisor). */
export const SUPERVISOR = {
  email: "bench-supervisor@daybook.example",
  name: "Bench Supervisor",
  password: "bench-supervisor-password",
} as const;

/**
 * The history's tables, whatever the schema calls them: `stored_…` and `live_…`, and any table with
 * `history` in its name.
 */
export const HISTORY_TABLE = /^(stored_|live_)|history/;

/** How many returning guests are planted, and on how many days each. */
const RETURNING_GUESTS = 5;
const VISITS = 5;
/** Guests looked for by the privacy rows, one from each of as many days spread over the year. */
const SAMPLE = 20;

export interface Identity {
  /** The day the guest was taken from (their first stay). */
  day: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  documentNumber: string;
}

export interface YearState {
  version: 1;
  db: YearDbKind;
  /** The simulator's first N properties, or null for the whole large group. */
  properties: number | null;
  /** The bench's clock: the days end the day before. */
  clock: string;
  /** Seals the database's keys: the server and the commands must be given the same. */
  authSecret: string;
  /** DAYBOOK_RETENTION_DAYS for everything that runs on it: longer than the year, so nothing is purged. */
  retentionDays: number;
  plan: {
    /** Oldest first. */
    days: string[];
    /** Each guest's days; `identity` is set on their first stay. */
    returning: { days: string[]; identity?: Identity }[];
    sampleDays: string[];
  };
  /** The last day pulled, and the last day whose seeding (pull and sign-offs) is done. */
  storedThrough: string | null;
  doneThrough: string | null;
  stored: { arrivals: number; criminalArrivals: number; secondPulls: number; signedOffLists: number };
  timing: { seedSeconds: number; daysSeeded: number; pullMs: number; signOffMs: number };
  /** The guests looked for across the year. */
  sample: (Identity & { index: number })[];
  complete: boolean;
  createdAt: string;
}

/** `count` indices spread evenly over 0 … n − 1 (repeating when n is smaller). */
function spread(count: number, n: number): number[] {
  if (n >= count)
    return Array.from({ length: count }, (_, i) => (count === 1 ? 0 : Math.round((i * (n - 1)) / (count - 1))));
  return Array.from({ length: count }, (_, i) => i % n);
}

export function newYearState(options: {
  db: YearDbKind;
  properties: number | null;
  clock: string;
  days: number;
}): YearState {
  const last = addDays(options.clock.slice(0, 10), -1);
  const days = Array.from({ length: options.days }, (_, i) => addDays(last, i - options.days + 1));
  // Guest g's k-th stay on the (k·5 + g)-th of 25 days spread over the year: each stays on five days.
  const visits = spread(RETURNING_GUESTS * VISITS, days.length);
  const returning = Array.from({ length: RETURNING_GUESTS }, (_, g) => ({
    days: [...new Set(Array.from({ length: VISITS }, (_, k) => days[visits[k * RETURNING_GUESTS + g]!]!))].sort(),
  }));
  return {
    version: 1,
    db: options.db,
    properties: options.properties,
    clock: options.clock,
    authSecret: randomBytes(32).toString("hex"),
    retentionDays: Math.max(400, options.days + 30),
    plan: { days, returning, sampleDays: spread(SAMPLE, days.length).map((i) => days[i]!) },
    storedThrough: null,
    doneThrough: null,
    stored: { arrivals: 0, criminalArrivals: 0, secondPulls: 0, signedOffLists: 0 },
    timing: { seedSeconds: 0, daysSeeded: 0, pullMs: 0, signOffMs: 0 },
    sample: [],
    complete: false,
    createdAt: new Date().toISOString(),
  };
}

/** Why a kept state cannot serve the run asked for, or null when it can. */
export function mismatch(state: YearState, wanted: { db: YearDbKind; clock: string; days: number }): string | null {
  if (state.version !== 1) return "it was made by another version of the bench";
  if (state.db !== wanted.db) return `it holds a ${state.db} database, not ${wanted.db}`;
  if (state.clock !== wanted.clock) return `its days end before ${state.clock}, not ${wanted.clock}`;
  if (state.plan.days.length !== wanted.days) return `it holds ${state.plan.days.length} days, not ${wanted.days}`;
  return null;
}

/** Sizes of the history tables (bytes, indexes and TOAST included) and of the whole database. */
export interface SizeAnswer {
  tables: Record<string, number>;
  /** Each relation's pages and maps (tables, indexes, TOAST; the catalogs' schema-qualified). */
  relations: Record<string, number>;
  historyBytes: number;
  databaseBytes: number;
}

interface Summary {
  p50: number;
  p90: number;
  runs: number[];
}

export interface YearMeasureAnswer {
  privacy?: {
    guests: number;
    days: number;
    notFoundByDocument: number;
    findByDocumentMs: Summary;
    findByNameMs: Summary;
    eraseMs: Summary | null;
    erased: { days: number; arrivals: number; outcome: string | null }[];
  };
  store?: Summary & { arrivals: number[]; days: string[] };
  purge?: Summary & { removed: { retentionDays: number; days: number; items: number }[] };
  growth?: {
    days: number;
    keptDays: number;
    seconds: number;
    pullMs: Summary;
    housekeepingMs: Summary;
    before: SizeAnswer;
    after: SizeAnswer;
    /** The guest-level tables' size after each day's housekeeping. */
    guestLevelBytes: number[];
    guestLevelRows: { before: number; after: number };
    /** Per guest-level table, the rows written over the days (PostgreSQL's statistics). */
    guestLevelWrites: Record<string, { inserted: number; updated: number; inPlace: number; deleted: number }>;
  };
  errors?: Record<string, string>;
}

/**
 * `year.seq-scans`: a line written to PostgreSQL's log before the statements of each screen, so
 * that the plans logged after it are that screen's (`-`: no screen's).
 */
export const PLANS_MARK = "daybook-bench plans: ";
export function markStatement(screen: string): string {
  if (!/^[a-z0-9-]+$/.test(screen)) throw new Error(`not a screen's name: ${screen}`);
  return `do $$ begin raise log '${PLANS_MARK}%', '${screen}'; end $$`;
}

/** What the worker's `plans` task ran, each after its mark. */
export interface YearPlansAnswer {
  screens: string[];
}
