/**
 * The usage report through Daybook against the same report straight from the API, sequential
 * requests, medians: at 200 ms of API latency (how much of the API's latency Daybook passes on) and
 * at none (Daybook's own overhead).
 */
import type { Daybook } from "../daybook";
import { simulatorActivity, waitIdle } from "../idle";
import { atMost, failedRow, median, percentile, round, row, spec, type Row } from "../report";
import { API_PATHS, type Simulator } from "../simulator";

export const RATIO_SPEC = spec("latency.usage-ratio-at-200ms", "x direct", atMost(0.2));
export const OVERHEAD_SPEC = spec("latency.overhead-at-0ms", "ms (p50)", atMost(5));

const SAMPLES = 20;
const WARM_UP = 2;

async function daybookUsage(daybook: Daybook, cookieHeader: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${daybook.url}/api/reports/usage`, { headers: { cookie: cookieHeader } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`/api/reports/usage answered ${response.status}`);
  return ms;
}

/** Direct and Daybook requests taken in turn, so that both see the same machine. */
async function series(daybook: Daybook, simulator: Simulator, cookieHeader: string) {
  const direct: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const directMs = (await simulator.direct(API_PATHS.usage)).ms;
    const daybookMs = await daybookUsage(daybook, cookieHeader);
    if (i >= WARM_UP) {
      direct.push(directMs);
      through.push(daybookMs);
    }
  }
  const summary = (values: number[]) => ({ p50: round(median(values)), p90: round(percentile(values, 90)) });
  return { direct, through, summary: { directMs: summary(direct), daybookMs: summary(through) } };
}

export async function latencyRows(daybook: Daybook, simulator: Simulator, cookieHeader: string): Promise<Row[]> {
  const rows: Row[] = [];
  const activity = simulatorActivity(simulator);
  try {
    await waitIdle(daybook.pid, activity);
    await simulator.setLatency(200);
    const slow = await series(daybook, simulator, cookieHeader);
    rows.push(
      row(RATIO_SPEC, median(slow.through) / median(slow.direct), {
        ...slow.summary,
        samples: SAMPLES,
      }),
    );
  } catch (error) {
    rows.push(failedRow(RATIO_SPEC, error));
  } finally {
    await simulator.setLatency(0);
  }
  try {
    await waitIdle(daybook.pid, activity);
    const fast = await series(daybook, simulator, cookieHeader);
    rows.push(
      row(OVERHEAD_SPEC, median(fast.through) - median(fast.direct), {
        ...fast.summary,
        samples: SAMPLES,
      }),
    );
  } catch (error) {
    rows.push(failedRow(OVERHEAD_SPEC, error));
  }
  return rows;
}
