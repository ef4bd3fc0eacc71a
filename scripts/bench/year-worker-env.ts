/**
 * What the year's worker tasks share: the seeding's state file (BENCH_YEAR_STATE), the simulator
 * and its clock (BENCH_SIMULATOR_URL), the Partner API client and the database, as the worker's
 * environment names them.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";

import { getConfig } from "@/lib/server/config";
import { openDatabase, type OpenedDatabase } from "@/lib/server/db/open";
import { createPartnerApiClient, type PartnerApiClient } from "@/lib/server/partner-api";

import type { YearState } from "./year-plan";

export const simulatorUrl = process.env.BENCH_SIMULATOR_URL!;
const stateFile = process.env.BENCH_YEAR_STATE!;

export const readState = (): YearState => JSON.parse(readFileSync(stateFile, "utf8")) as YearState;
export function saveState(state: YearState): void {
  writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${stateFile}.tmp`, stateFile);
}

export const progress = (message: string) => process.stderr.write(`[year-worker] ${message}\n`);

export async function setClock(iso: string): Promise<void> {
  const response = await fetch(`${simulatorUrl}/__simulator/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: iso }),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the simulator refused the clock: ${response.status}`);
}

export function apiClient(): PartnerApiClient {
  return createPartnerApiClient({
    baseUrl: simulatorUrl,
    apiKey: getConfig().partnerApi.apiKey,
    timeoutMs: 120_000,
    retry: { maxRetries: 4, baseDelayMs: 50, maxDelayMs: 500, maxElapsedMs: 30_000 },
  });
}

export async function open(): Promise<OpenedDatabase> {
  const config = getConfig();
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

export const ms = (started: number) => Math.round(performance.now() - started);
