import "server-only";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { getPartnerApi } from "@/lib/partner-api";
import { describeRunForLog, describeErrorForLog } from "./log";
import { runSync } from "./run";
import { nextPull } from "./state";

export const TICK_MS = 5 * 60_000;

// On globalThis: one scheduler per process, even when dev hot reload evaluates this module again.
const key = Symbol.for("daybook.sync.scheduler");
const globals = globalThis as { [key]?: { timer: NodeJS.Timeout } };

/** One tick: pull when the schedule says so. Never throws; says what happened in the log. */
export async function schedulerTick(now = new Date()): Promise<void> {
  try {
    const db = await getDb();
    const decision = await nextPull(db, now, getConfig().history.graceMinutes);
    if (!decision.due) return;
    const result = await runSync(db, await getPartnerApi(), { now, trigger: "schedule" });
    if (result.status === "skipped") console.log(`sync: scheduled pull ${result.message.toLowerCase()}`);
    else console.log(`sync: scheduled pull ${describeRunForLog(result.run)}`);
  } catch (error) {
    console.error(`sync: the scheduled pull could not run (${describeErrorForLog(error)})`);
  }
}

/** Starts the in-process scheduler: a tick now, then every five minutes, never two at once. */
export function startScheduler(): void {
  if (globals[key]) return;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await schedulerTick();
    } finally {
      ticking = false;
    }
  };
  // unref: the timer alone never keeps a process (a script, a test, a build worker) alive.
  const timer = setInterval(() => void tick(), TICK_MS).unref();
  globals[key] = { timer };
  setTimeout(() => void tick(), 0).unref();
}

export function stopScheduler(): void {
  const running = globals[key];
  if (!running) return;
  clearInterval(running.timer);
  delete globals[key];
}
