import { addDays, utcDay } from "@/lib/core/days";
import { hasStoredReport } from "@/lib/features/history/store";
import { seedDemoPolicies } from "@/lib/features/privacy/demo";
import { signOffDemoLists } from "@/lib/features/review/demo";
import type { Database } from "@/lib/server/db/types";
import type { PartnerApiClient } from "@/lib/server/partner-api/client";

import { runSync } from "./run";

/**
 * The demo's own history: the API keeps none, so on a first start the demo pulls the days it
 * would have pulled had it been running, by setting the simulator's clock to each day's pull time.
 * 11:30 UTC the next day lies in the common window of every demo property, Honolulu (whose day
 * closes at 10:00 UTC) to Sydney (whose next day begins at 13:00 or 14:00 UTC).
 */

const PULL_AT = "T11:30:00Z";
/** A second pull later the same day, by which time some guests have been banned since their stay. */
const SECOND_PULL_AT = "T18:00:00Z";
/** How many of the latest days get that second pull. */
const SECOND_PULL_DAYS = 5;

export interface DemoHistoryOptions {
  days: number;
  /** The simulator's address; its control endpoints live under /__simulator/. */
  simulatorUrl: string;
  /** Real time: the latest day filled is the last one whose pull time has passed. */
  now?: Date;
  /** The demo supervisor: lists older than the latest QUEUED_DAYS days are shown as signed off by them. */
  supervisorEmail?: string;
}

/** The latest days whose lists the demo leaves in the supervisor's queue. */
export const QUEUED_DAYS = 7;

export interface DemoHistoryResult {
  days: number;
  signedOff: number;
  first: string;
  last: string;
  ms: number;
}

async function setSimulatorClock(simulatorUrl: string, now: string | null): Promise<void> {
  const response = await fetch(`${simulatorUrl}/__simulator/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now }),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the simulator refused the clock (${response.status})`);
}

/** The latest day whose demo pull time has passed. */
export function latestDemoDay(now: Date): string {
  const today = utcDay(now);
  return now.getTime() >= Date.parse(`${today}${PULL_AT}`) ? addDays(today, -1) : addDays(today, -2);
}

/** Fills the history when no day is stored yet; null when there was nothing to do. */
export async function fillDemoHistory(
  db: Database,
  api: PartnerApiClient,
  options: DemoHistoryOptions,
): Promise<DemoHistoryResult | null> {
  const now = options.now ?? new Date();
  if (options.days <= 0) return null;
  if (await hasStoredReport(db, "usage")) return null;

  const started = performance.now();
  // Before the first pull: the EU property's days are stored as its policy keeps them from the start.
  await seedDemoPolicies(db);
  const last = latestDemoDay(now);
  const first = addDays(last, -(options.days - 1));
  const pulls: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    pulls.push(`${addDays(day, 1)}${PULL_AT}`);
    const second = `${addDays(day, 1)}${SECOND_PULL_AT}`;
    if (addDays(day, SECOND_PULL_DAYS) > last && Date.parse(second) <= now.getTime()) pulls.push(second);
  }
  try {
    for (const at of pulls) {
      await setSimulatorClock(options.simulatorUrl, at);
      await runSync(db, api, { now: new Date(at), trigger: "demo" });
    }
  } finally {
    await setSimulatorClock(options.simulatorUrl, null);
  }
  const signedOff = options.supervisorEmail
    ? await signOffDemoLists(db, {
        supervisorEmail: options.supervisorEmail,
        from: first,
        through: addDays(last, -QUEUED_DAYS),
      })
    : 0;
  return { days: options.days, signedOff, first, last, ms: Math.round(performance.now() - started) };
}
