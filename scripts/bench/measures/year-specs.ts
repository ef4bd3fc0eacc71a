/** The `year.` rows: their names, units and targets, and which part of the bench measures each. */
import { addDays } from "@/lib/core/days";

import { atMost, spec, type Spec } from "../report";
import type { YearDbKind } from "../year-db";
import type { YearState } from "../year-plan";

export const YEAR_PREFIX = "year.";
/** The embedded database is measured with the group's first properties only. */
export const PGLITE_PROPERTIES = 20;
export const DEFAULT_YEAR_DAYS = 365;
/** Days of store and purge `year.purge-growth` runs. */
export const DEFAULT_GROWTH_DAYS = 30;

export const PROPERTY_RANGES = [7, 30, 90, 365] as const;
export type PropertyRange = (typeof PROPERTY_RANGES)[number];

/** The investigations, each measured over its longest window (a year). */
export const INVESTIGATIONS = ["outcomes", "missed-bans", "repeat-visitors", "response", "staff-flags"] as const;

export const YEAR_SPECS = {
  overviewTtfb: spec("year.overview-ttfb", "ms", atMost(300)),
  overviewLcp: spec("year.overview-lcp", "ms", atMost(1000)),
  ...(Object.fromEntries(
    PROPERTY_RANGES.flatMap((range) => [
      [`properties${range}First`, spec(`year.properties-${range}-first`, "ms", atMost(1000))],
      [`properties${range}Settled`, spec(`year.properties-${range}-settled`, "ms", atMost(2000))],
    ]),
  ) as Record<`properties${PropertyRange}${"First" | "Settled"}`, Spec>),
  guestsBack: spec("year.guests-300-days-back", "ms", atMost(1000)),
  criminalArrivals: spec("year.criminal-arrivals", "ms", atMost(1000)),
  reviewQueue: spec("year.review-queue", "ms", atMost(1000)),
  reviewQueueBytes: spec("year.review-queue-bytes", "MB", atMost(0.5)),
  bannedAfterStay: spec("year.banned-after-stay", "ms", atMost(1000)),
  screeningCoverage: spec("year.screening-coverage", "ms", atMost(1000)),
  unusualDays: spec("year.unusual-days", "ms", atMost(1000)),
  ...(Object.fromEntries(
    INVESTIGATIONS.map((screen) => [
      `investigation-${screen}`,
      spec(`year.investigation-${screen}`, "ms", atMost(1000)),
    ]),
  ) as Record<`investigation-${(typeof INVESTIGATIONS)[number]}`, Spec>),
  rssPeak: spec("year.rss-peak", "MiB", atMost(450)),
  findByName: spec("year.privacy-find-by-name", "ms", atMost(300)),
  findByDocument: spec("year.privacy-find-by-document", "ms", atMost(300)),
  erase: spec("year.privacy-erase", "ms", atMost(2000)),
  storeDay: spec("year.store-day", "s", atMost(10)),
  purgeDay: spec("year.purge-day", "s", atMost(5)),
  purgeGrowth: spec("year.purge-growth", "MB", atMost(0)),
  bytesPerArrival: spec("year.bytes-per-arrival", "bytes", atMost(1000)),
  backup: spec("year.backup", "s", atMost(300)),
  restore: spec("year.restore", "s", atMost(600)),
  seqScans: spec("year.seq-scans", "count", atMost(0)),
};

/** The rows measured on the running server, over HTTP and in Chromium. */
export const SERVER_SPECS: Spec[] = [
  YEAR_SPECS.overviewTtfb,
  YEAR_SPECS.overviewLcp,
  ...PROPERTY_RANGES.flatMap((range) => [
    YEAR_SPECS[`properties${range}First`],
    YEAR_SPECS[`properties${range}Settled`],
  ]),
  YEAR_SPECS.guestsBack,
  YEAR_SPECS.criminalArrivals,
  YEAR_SPECS.reviewQueue,
  YEAR_SPECS.reviewQueueBytes,
  YEAR_SPECS.bannedAfterStay,
  YEAR_SPECS.screeningCoverage,
  YEAR_SPECS.unusualDays,
  ...INVESTIGATIONS.map((screen) => YEAR_SPECS[`investigation-${screen}`]),
  YEAR_SPECS.rssPeak,
];
/** The rows measured by the worker on a copy, and the steps that measure them. */
export const STEPS: { step: string; specs: Spec[] }[] = [
  { step: "privacy", specs: [YEAR_SPECS.findByName, YEAR_SPECS.findByDocument, YEAR_SPECS.erase] },
  { step: "store", specs: [YEAR_SPECS.storeDay] },
  { step: "purge", specs: [YEAR_SPECS.purgeDay] },
  { step: "growth", specs: [YEAR_SPECS.purgeGrowth] },
];

export interface YearOptions {
  days: number;
  db: YearDbKind;
  /** A folder that keeps the seeded database for the next run; unset: a throwaway one. */
  reuse?: string;
  /** Days of store and purge `year.purge-growth` runs. */
  growthDays: number;
}

/** The Guests screen's day 300 days before the last stored one (the oldest day when fewer are stored). */
export function guestsDayBack(state: YearState): { back: number; route: string } {
  const back = Math.min(300, state.plan.days.length - 1);
  return { back, route: `/guests?day=${addDays(state.plan.days.at(-1)!, -back)}` };
}
