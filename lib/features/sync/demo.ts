import { eq } from "drizzle-orm";

import { canSeeProperty } from "@/lib/core/access";
import { readStoredCriminalArrivals } from "@/lib/features/history/store";
import { itemKeyOf } from "@/lib/features/review/item-key";
import { listId, type ListRef } from "@/lib/features/review/list";
import { reviewItem, signOffList } from "@/lib/features/review/repository";
import { findUserByEmail } from "@/lib/server/auth/users";
import { storedReports } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/types";
import type { PartnerApiClient } from "@/lib/server/partner-api/client";

import { runSync } from "./run";
import { addDays } from "./schedule";

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
  const today = now.toISOString().slice(0, 10);
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
  const [stored] = await db
    .select({ id: storedReports.id })
    .from(storedReports)
    .where(eq(storedReports.endpoint, "usage"))
    .limit(1);
  if (stored) return null;

  const started = performance.now();
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

const HOUR = 3_600_000;

/**
 * The demo supervisor's past work, so sign-off timeliness has figures from the first start: the
 * lists of days up to `through` are reviewed and signed off, some within the overdue hours and some
 * late; newer days stay in the queue to work through. Seeded data, not actions: nothing is audited.
 */
export async function signOffDemoLists(
  db: Database,
  options: { supervisorEmail: string; from: string; through: string },
): Promise<number> {
  const supervisor = await findUserByEmail(db, options.supervisorEmail);
  if (!supervisor || supervisor.role !== "supervisor") return 0;
  const person = { id: supervisor.id, email: supervisor.email, name: supervisor.name };

  const lists = new Map<
    string,
    { list: ListRef; pulledAt: Date; items: { itemKey: string; propertyName: string; checkInAtUtc: string }[] }
  >();
  for (const { item, pulledAt } of await readStoredCriminalArrivals(db, options.from, options.through)) {
    if (!canSeeProperty(supervisor, item.propertyName)) continue;
    const list = { propertyName: item.propertyName, day: item.checkInDateLocal };
    const entry = lists.get(listId(list)) ?? { list, pulledAt, items: [] };
    entry.items.push({ itemKey: itemKeyOf(item), propertyName: item.propertyName, checkInAtUtc: item.checkInAtUtc });
    lists.set(listId(list), entry);
  }

  let signed = 0;
  for (const { list, pulledAt, items } of lists.values()) {
    // Hours from the pull to the sign-off, spread from 2 to 41 by the day: about a third are late.
    const delay = ((Number(list.day.slice(8, 10)) * 7 + list.propertyName.length) % 40) + 2;
    const keys = [...new Set(items.map((item) => item.itemKey))];
    for (const [index, item] of items.entries()) {
      if (keys.indexOf(item.itemKey) !== index) continue;
      const at = new Date(pulledAt.getTime() + ((delay * (index + 1)) / (items.length + 1)) * HOUR);
      await reviewItem(db, { list, item, reviewer: person, note: null, now: at });
    }
    await signOffList(db, {
      list,
      itemKeys: keys,
      signer: person,
      note: null,
      now: new Date(pulledAt.getTime() + delay * HOUR),
    });
    signed += 1;
  }
  return signed;
}
