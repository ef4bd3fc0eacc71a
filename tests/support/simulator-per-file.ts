/**
 * A test file's simulator and the pull it drives, for Vitest only (it registers hooks): one simulator
 * launched before the file's first test, reset before each and closed after the last.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";

import { runSync } from "@/lib/features/sync/run";
import type { SimulatorOptions } from "@/simulator/server";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

/** `const sim = simulatorPerFile();` at the top of a file, then `sim()` inside a test. */
export function simulatorPerFile(options: SimulatorOptions = {}): () => LaunchedSimulator {
  let sim: LaunchedSimulator | undefined;
  beforeAll(async () => {
    sim = await launchSimulator(options);
  });
  afterAll(() => sim?.close());
  beforeEach(() => sim!.reset());
  return () => sim!;
}

/** Daybook's pull with the simulator's clock at `at`, as the scheduled pull would run then. */
export async function pullAt(db: Parameters<typeof runSync>[0], sim: LaunchedSimulator, at: string) {
  await sim.setClock(at);
  const result = await runSync(db, apiFor(sim), { now: new Date(at), trigger: "command" });
  if (result.status !== "finished") throw new Error("the pull was skipped");
  return result.run;
}
