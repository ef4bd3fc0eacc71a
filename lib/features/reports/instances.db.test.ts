/**
 * Two Daybook instances on one PostgreSQL database, each its own process: fifty loads of a day
 * neither holds, split between them, make one call per report to the API.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";

import { commandEnv } from "@/tests/support/commands";
import { createPostgresDatabase } from "@/tests/support/databases";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const child = fileURLToPath(new URL("../../../tests/support/reports-child.ts", import.meta.url));

let sim: LaunchedSimulator;
let database: { url: string; drop(): Promise<void> };
beforeAll(async () => {
  sim = await launchSimulator({ now: "2026-11-23T12:00:00Z", latencyMs: 300 });
  database = await createPostgresDatabase();
});
afterAll(async () => {
  await sim.close();
  await database.drop();
});

/** An instance: a process of its own, ready once it has opened (and migrated) the database. */
async function instance(loads: number): Promise<{ process: ChildProcessWithoutNullStreams; output: Promise<string> }> {
  const process_ = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", child, String(loads)], {
    env: commandEnv({
      DATABASE_URL: database.url,
      DAYBOOK_SIMULATOR_PORT: new URL(sim.url).port,
      DAYBOOK_SYNC: "off",
      DAYBOOK_DEMO_HISTORY_DAYS: "0",
    }),
  });
  let stdout = "";
  process_.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  let stderr = "";
  process_.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = once(process_, "exit").then(([code]) => {
    if (code !== 0) throw new Error(`an instance exited with ${code}: ${stderr}`);
    return stdout;
  });
  while (!stdout.includes("ready")) {
    await Promise.race([once(process_.stdout, "data"), exited]);
  }
  return { process: process_, output: exited };
}

it("makes one call per report for fifty loads split between two instances", async () => {
  // The first instance migrates the database alone; then the second opens it.
  const first = await instance(25);
  const second = await instance(25);
  for (const { process: running } of [first, second]) running.stdin.write("go\n");
  const outputs = await Promise.all([first.output, second.output]);
  const days = outputs.flatMap((output) => JSON.parse(output.trim().split("\n").at(-1)!) as string[]);
  expect(days).toEqual(Array(50).fill("2026-11-22"));
  const calls = (await sim.requests()).map((entry) => entry.path.replace(/^.*\/api\/public\/v1\//, ""));
  // The first start learns the zones from the guest arrivals: one guests call, made by one instance.
  expect(calls.sort()).toEqual(["guests", "usage/dashboard"]);
}, 60_000);
