import "server-only";

import { setTimeout as sleep } from "node:timers/promises";

import { clientAddress } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";

import { addressDelayMs, addressFailures, THROTTLE_POLICY } from "./throttle";

/** How a sign-in from an address is slowed, as the sign-in page tells it. */
export interface SignInSlowdown {
  seconds: number;
  capSeconds: number;
  windowMinutes: number;
}

/**
 * The delay a sign-in from this request's address meets now, read from the database so that every
 * instance slows the same address alike; null when it is not slowed (or its address is unknown).
 */
export async function signInSlowdown(headers: Headers, now = new Date()): Promise<SignInSlowdown | null> {
  const address = clientAddress(headers);
  if (!address) return null;
  const ms = addressDelayMs(await addressFailures(await getDb(), address, now));
  if (ms === 0) return null;
  return {
    seconds: Math.ceil(ms / 1000),
    capSeconds: Math.ceil(THROTTLE_POLICY.addressDelayCapMs / 1000),
    windowMinutes: Math.round(THROTTLE_POLICY.windowMs / 60_000),
  };
}

/**
 * Waits out the delay of a sign-in from this request's address, before the sign-in queue: a slowed
 * sign-in holds no place in it, so one network's delay never holds up another's sign-ins. Returns
 * the delay it waited, for the page to explain.
 */
export async function slowSignIn(headers: Headers): Promise<SignInSlowdown | null> {
  const slowdown = await signInSlowdown(headers);
  if (slowdown) await sleep(slowdown.seconds * 1000);
  return slowdown;
}
