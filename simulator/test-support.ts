import type { CriminalReport, GuestsReport, UsageReport } from "./reports/types";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "./server";

// Shared by the *.test.ts files: real HTTP against a started simulator, nothing mocked.

export const FULL_KEY = "da7ab00cda7ab00cda7ab00cda7ab00c";
export const USAGE_ONLY_KEY = "feedface000000000000000000000001";
export const GUESTS_ONLY_KEY = "feedface000000000000000000000002";
export const NEW_YORK_KEY = "feedface000000000000000000000003";
export const HONOLULU_KEY = "feedface000000000000000000000004";
export const CRIMINAL_ONLY_KEY = "feedface000000000000000000000005";
export const DATE_LINE_KEY = "feedface000000000000000000000006";

/** Honolulu's local yesterday (Nov 21) differs from Tokyo's (Nov 22) at this instant. */
export const NOW = "2026-11-23T02:00:00Z";

export const GUESTS = "/api/public/v1/guests";
export const CRIMINAL = "/api/public/v1/criminal-arrivals";
export const USAGE = "/api/public/v1/usage/dashboard";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function start(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ now: NOW, quiet: true, ...options });
}

export function call(sim: RunningSimulator, path: string, key?: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set("X-API-Key", key);
  return fetch(`${sim.url}${path}`, { ...init, headers });
}

export async function getJson<T>(sim: RunningSimulator, path: string, key: string): Promise<T> {
  const response = await call(sim, path, key);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const guests = (sim: RunningSimulator, key = FULL_KEY, query = ""): Promise<GuestsReport> =>
  getJson<GuestsReport>(sim, `${GUESTS}${query}`, key);
export const criminal = (sim: RunningSimulator, key = FULL_KEY, query = ""): Promise<CriminalReport> =>
  getJson<CriminalReport>(sim, `${CRIMINAL}${query}`, key);
export const usage = (sim: RunningSimulator, key = FULL_KEY): Promise<UsageReport> =>
  getJson<UsageReport>(sim, USAGE, key);

export async function control(
  sim: RunningSimulator,
  method: "GET" | "POST" | "DELETE" | "PUT",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.url}/__simulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export async function setClock(sim: RunningSimulator, now: string | null): Promise<void> {
  const answer = await control(sim, "POST", "clock", { now });
  if (answer.status !== 200) throw new Error(`clock not set: ${JSON.stringify(answer.body)}`);
}

/** Local calendar date of an instant, computed with Intl (independently of the simulator's own code). */
export function localDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instant),
  );
}

export function localDateTime(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(instant));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? "??";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}
