import pLimit from "p-limit";

import { translatorFor } from "./catalogue";
import type { ErrorWords } from "./format";

/**
 * Admission control for costly work (a sign-in's password hash): `concurrency` run at once,
 * `queue` more may wait their turn, and any beyond that are turned away at once with a time to
 * come back, rather than piling up behind the others and starving everything that shares the pool.
 */
export interface AdmissionPolicy {
  concurrency: number;
  queue: number;
}

export type Admitted<T> = { ok: true; value: T } | { ok: false; retryAfterSeconds: number };

export interface Admission {
  /** Runs `work` now or after those ahead of it; refuses at once when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<Admitted<T>>;
  /** Running and waiting, for a caller that wants to say how busy it is. */
  readonly inside: number;
}

/**
 * How long a refused caller should wait: the rounds the work already inside needs, at
 * `secondsPerRound` each, and never less than a second (Retry-After counts whole seconds).
 */
export function retryAfterSeconds(inside: number, concurrency: number, secondsPerRound = 1): number {
  return Math.max(1, Math.ceil((Math.max(0, inside) / Math.max(1, concurrency)) * secondsPerRound));
}

export function createAdmission(policy: AdmissionPolicy, secondsPerRound = 1): Admission {
  // p-limit counts what runs and what waits synchronously, so the check below and the enqueue that
  // follows it cannot be split by another caller.
  const limit = pLimit(policy.concurrency);
  const inside = () => limit.activeCount + limit.pendingCount;
  return {
    get inside() {
      return inside();
    },
    run<T>(work: () => Promise<T>): Promise<Admitted<T>> {
      const now = inside();
      if (now >= policy.concurrency + policy.queue) {
        return Promise.resolve({
          ok: false,
          retryAfterSeconds: retryAfterSeconds(now, policy.concurrency, secondsPerRound),
        });
      }
      return limit(work).then((value) => ({ ok: true, value }));
    },
  };
}

/**
 * What a sign-in that finds the queue full is told in a 429's body (the sign-in page says the same
 * through `account`'s words): in `t`'s language, English unless told.
 */
export function busyMessage(retryAfterSeconds: number, t: ErrorWords = translatorFor("en", "errors")): string {
  return t("refusal.busy", { seconds: retryAfterSeconds });
}
