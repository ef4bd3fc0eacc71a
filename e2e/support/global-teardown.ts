import { existsSync, readFileSync } from "node:fs";

import { describeLeaks, findLeaks } from "@/scripts/log-leaks";
import { KEYS } from "@/simulator/keys";
import { servedGuests, type MadeDays } from "@/simulator/served";

import { E2E_HISTORY_DAYS, E2E_SESSION_COOKIES, SIMULATOR_URL } from "./ports";
import { serverLogFiles } from "./server-logs";

/** The demo's banner names the simulator's published demo key, on purpose (scripts/demo.mjs). */
const DEMO_BANNER = /^Partner API simulator: \S+ \(demo key [0-9a-f]{32}\)$/;

async function daysServedByTheDemo(): Promise<MadeDays> {
  const answer = await fetch(`${SIMULATOR_URL}/__simulator/days`);
  if (!answer.ok) throw new Error(`the simulator did not say which days it served (${answer.status})`);
  return (await answer.json()) as MadeDays;
}

function daysServedForTheHistory(): MadeDays[] {
  // Written by demo-history.ts before the server started; missing only when the server never did.
  return existsSync(E2E_HISTORY_DAYS) ? [JSON.parse(readFileSync(E2E_HISTORY_DAYS, "utf8")) as MadeDays] : [];
}

/**
 * After the whole suite, while the server and simulator still run: the server's and the simulator's
 * logs must hold none of the keys in use, the session cookies the browser held, a password hash, or
 * any identification number or date of birth the simulator served. Any finding fails the run,
 * naming the kind of secret and the log line, never the secret.
 */
export default async function globalTeardown(): Promise<void> {
  const identificationNumbers = new Set<string>();
  const datesOfBirth = new Set<string>();
  for (const made of [await daysServedByTheDemo(), ...daysServedForTheHistory()]) {
    for (const guest of servedGuests(made)) {
      identificationNumbers.add(guest.identificationNumber);
      datesOfBirth.add(guest.dateOfBirth.slice(0, 10));
    }
  }
  const sessionCookies = existsSync(E2E_SESSION_COOKIES) ? readFileSync(E2E_SESSION_COOKIES, "utf8").split("\n") : [];
  const logs = serverLogFiles();
  const leaks = findLeaks(logs, {
    // Every key the simulator accepts: the demo key and the ones tests set.
    apiKeys: KEYS.map((key) => key.key),
    sessionCookies,
    identificationNumbers,
    datesOfBirth,
    allowedKeyLines: [DEMO_BANNER],
  });
  if (leaks.length > 0) {
    throw new Error(`secrets reached the logs:\n${describeLeaks(leaks)}`);
  }
  console.log(
    `e2e: no secret in ${logs.map((log) => log.name).join(" or ")} ` +
      `(${identificationNumbers.size} ID numbers, ${datesOfBirth.size} dates of birth, ` +
      `${new Set(sessionCookies).size} session cookies looked for, besides keys, tokens and hashes by shape)`,
  );
}
