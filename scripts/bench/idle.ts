/**
 * Waiting for Daybook to have finished what a request or a clock step set off: no upstream call in
 * flight, none started lately, and the server process no longer using the CPU (a pull goes on
 * writing to the database after its last call).
 */
import { cpuTicks, sleep } from "./processes";
import type { Simulator } from "./simulator";

export interface UpstreamActivity {
  /** Upstream calls started so far. */
  count: number;
  inFlight: number;
  /** Real epoch ms of the latest call's start, 0 when none. */
  lastStartedAt: number;
}

export type ActivitySource = () => Promise<UpstreamActivity>;

/** The simulator's request log: `status` is null while a call is unanswered. */
export function simulatorActivity(simulator: Simulator): ActivitySource {
  return async () => {
    const requests = await simulator.requests();
    return {
      count: requests.length,
      inFlight: requests.filter((request) => request.status === null).length,
      lastStartedAt: requests.reduce((latest, request) => Math.max(latest, request.at), 0),
    };
  };
}

export interface IdleOptions {
  /** How long everything must have been quiet. */
  quietMs?: number;
  /** Wait at least this long first, for whatever was just set off to begin. */
  minWaitMs?: number;
  timeoutMs?: number;
}

const SAMPLE_MS = 100;
/** CPU ticks (1/100 s) the server may use per sample and still count as idle: 20 %. */
const IDLE_TICKS_PER_SAMPLE = 2;

/** Resolves with how long it waited; throws when Daybook is still busy after `timeoutMs`. */
export async function waitIdle(pid: number, activity: ActivitySource, options: IdleOptions = {}): Promise<number> {
  const { quietMs = 400, minWaitMs = 150, timeoutMs = 180_000 } = options;
  const started = Date.now();
  await sleep(minWaitMs);
  let quietSince = Date.now();
  let lastTicks = cpuTicks(pid);
  while (Date.now() - started < timeoutMs) {
    await sleep(SAMPLE_MS);
    const ticks = cpuTicks(pid);
    if (ticks === null) throw new Error("the Daybook server process is gone");
    const busy = lastTicks !== null && ticks - lastTicks > IDLE_TICKS_PER_SAMPLE;
    lastTicks = ticks;
    const upstream = await activity();
    const now = Date.now();
    if (busy || upstream.inFlight > 0) quietSince = now;
    const sinceCall = upstream.lastStartedAt === 0 ? Infinity : now - upstream.lastStartedAt;
    if (now - quietSince >= quietMs && sinceCall >= quietMs) return now - started;
  }
  throw new Error(`Daybook was still busy after ${Math.round(timeoutMs / 1000)} s`);
}

/** Waits up to `timeoutMs` for an upstream call beyond `count`; false when none came. */
export async function waitForUpstream(activity: ActivitySource, count: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await activity()).count > count) return true;
    await sleep(100);
  }
  return false;
}
