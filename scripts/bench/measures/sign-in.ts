/**
 * Sign-in as a denial-of-service lever: every sign-in check is a 128 MiB scrypt hash on Node's
 * 4-thread pool. While 50 wrong sign-ins at once spray different account names (each needs a
 * hash), how fast does a signed-in person's report still load? The held usage report, sequential
 * requests for as long as the burst lasts: their p95, against the same with no burst, and against
 * a Daybook that admits every sign-in at once (no queue: 4 checks at once, a queue of 1000).
 */
import type { SignedIn } from "../browser";
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { atMost, failedRow, median, percentile, round, row, spec, type Row } from "../report";
import type { Simulator } from "../simulator";

/**
 * Half a second: a page still feels immediate. Without the queue every hash goes to the pool at once,
 * and each request's session cookie, decrypted with WebCrypto on that same pool, waits behind them.
 */
export const SIGN_IN_BURST_SPEC = spec("signin.report-p95-during-spray", "ms (p95)", atMost(500));

/** Settings of the Daybook that stands for "before": every sign-in hashed as soon as it arrives. */
export const UNQUEUED_ENV = { DAYBOOK_SIGN_IN_CONCURRENCY: "4", DAYBOOK_SIGN_IN_QUEUE: "1000" } as const;

const BURST = 50;
const IDLE_SAMPLES = 30;
const ROUTE = "/api/reports/usage";

async function reportMs(daybook: Daybook, cookieHeader: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${daybook.url}${ROUTE}`, { headers: { cookie: cookieHeader } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${ROUTE} answered ${response.status}`);
  return performance.now() - started;
}

/** One wrong sign-in through Auth.js's endpoint, ready to send: its CSRF token is fetched first. */
async function wrongSignIn(daybook: Daybook, n: number): Promise<() => Promise<number>> {
  const csrf = await fetch(`${daybook.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const body = new URLSearchParams({
    email: `spray-${n}@bench.example`,
    password: "Winter2026!",
    csrfToken,
    callbackUrl: "/",
  });
  return async () => {
    const response = await fetch(`${daybook.url}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body,
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response.status;
  };
}

const summary = (values: number[]) => ({
  p50: round(median(values)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
  samples: values.length,
});

/** The report's timings with no burst, then during one; and what the burst was answered. */
export async function reportDuringBurst(daybook: Daybook, simulator: Simulator, signedIn: SignedIn) {
  await waitIdle(daybook.pid, simulatorActivity(simulator));
  await reportMs(daybook, signedIn.cookieHeader); // held from now on: the burst is measured, not the API
  const idle: number[] = [];
  for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await reportMs(daybook, signedIn.cookieHeader));

  const posts = await Promise.all(Array.from({ length: BURST }, (_, n) => wrongSignIn(daybook, n)));
  const started = performance.now();
  let done = false;
  const burst = Promise.all(posts.map((post) => post())).finally(() => (done = true));
  const during: number[] = [];
  while (!done) during.push(await reportMs(daybook, signedIn.cookieHeader));
  const statuses = await burst;
  const burstMs = performance.now() - started;
  return {
    idle: summary(idle),
    during: summary(during),
    burst: {
      size: BURST,
      ms: round(burstMs),
      refused429: statuses.filter((status) => status === 429).length,
      checked: statuses.filter((status) => status !== 429).length,
    },
  };
}

/**
 * The row: p95 with the admission queue (Daybook's defaults); the idle figures and those of a
 * Daybook without the queue in its detail.
 */
export async function signInBurstRow(
  queued: Awaited<ReturnType<typeof reportDuringBurst>>,
  unqueued: Awaited<ReturnType<typeof reportDuringBurst>> | Error,
): Promise<Row> {
  if (queued.during.samples === 0) return failedRow(SIGN_IN_BURST_SPEC, "the burst ended before one report request");
  return row(SIGN_IN_BURST_SPEC, queued.during.p95, {
    route: ROUTE,
    idleMs: queued.idle,
    duringBurstMs: queued.during,
    burst: queued.burst,
    withoutQueue:
      unqueued instanceof Error
        ? { error: unqueued.message }
        : { settings: UNQUEUED_ENV, idleMs: unqueued.idle, duringBurstMs: unqueued.during, burst: unqueued.burst },
  });
}
