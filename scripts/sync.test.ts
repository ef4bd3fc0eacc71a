import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { commandEnv, npmRun, runScript } from "@/tests/support/commands";
import { migratedDataDir } from "@/tests/support/data-directory";
import { pullTime } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const dataDir = migratedDataDir("daybook-sync-cli-");
let sim: LaunchedSimulator;

beforeAll(async () => {
  sim = await launchSimulator();
});
afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The operator's command, as cron would run it: a process of its own, demo mode on the test simulator.
 * `npm` once (the first test), to check the wiring; then the process npm runs, which starts sooner.
 */
async function sync(...args: string[]) {
  return runScript("sync", args, env());
}

function env() {
  return commandEnv({
    PARTNER_API_BASE_URL: "",
    PARTNER_API_KEY: "",
    DATABASE_URL: "",
    DAYBOOK_DATA_DIR: dataDir,
    DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
    PARTNER_API_RETRY_BASE_DELAY_MS: "5",
  });
}

describe("npm run sync", () => {
  it("--if-due pulls at once when no day is stored yet (no property zone is known, so there is no window to wait for)", async () => {
    await sim.setClock(pullTime("2026-11-20"));
    const first = await npmRun("sync", ["--if-due"], env());
    expect(first.stdout).toMatch(/^Pull stored \(reported day 2026-11-19\)/m);
    expect(first.code).toBe(0);
  }, 120_000);

  it("pulls now, says what it stored, and exits 0; a second pull finds nothing new", async () => {
    await sim.setClock(pullTime("2026-11-22"));
    const first = await sync();
    expect(first.stdout).toMatch(
      /^Pull stored \(reported day 2026-11-21\): Stored usage summary, guest arrivals and criminal arrivals of 2026-11-21\./m,
    );
    expect(first.stdout).toMatch(/ {2}guest arrivals: stored \(2026-11-21, \d+ items\)/);
    expect(first.code).toBe(0);

    const second = await sync();
    expect(second.stdout).toMatch(/^Pull nothing new \(reported day 2026-11-21\)/m);
    expect(second.code).toBe(0);
  }, 120_000);

  it("exits 1 when the reports fail, with the correlation id to quote", async () => {
    await sim.setClock(pullTime("2026-11-24"));
    await sim.queueFaults("500", "500", "500", "500", "500", "500");
    const failed = await sync();
    expect(failed.code).toBe(1);
    const correlationId = (await sim.requests()).at(-1)!.correlationId;
    expect(failed.stdout).toMatch(/^Pull failed: Every report failed/m);
    expect(failed.stdout).toContain(`criminal arrivals: failed (internal_error 500, correlation id ${correlationId})`);
    // Each request to the API has its line too, with the correlation id the API answered with.
    expect(failed.stdout).toContain(`partner-api: GET /api/public/v1/criminal-arrivals 500 http_5xx in `);
    expect(failed.stdout).toMatch(
      new RegExp(`^partner-api: GET \\S+ 500 http_5xx in \\d+ ms correlation ${correlationId}$`, "m"),
    );
  }, 120_000);
});
