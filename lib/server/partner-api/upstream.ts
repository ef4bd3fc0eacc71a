import "server-only";

import {
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  isBrokenCircuitError,
  type CircuitBreakerPolicy,
} from "cockatiel";

import { PartnerApiError, type Endpoint } from "./errors";

/*
 * How Daybook spares the Partner API: a limit on requests in flight at once (the API answers 429
 * beyond its own, unpublished limit) and a circuit breaker that stops calling an API that keeps
 * failing. Both are made once per process (index.ts) and shared by every client and key.
 */

// ---------------------------------------------------------------------------------------------
// Concurrency limit

export interface UpstreamLimiter {
  /**
   * Runs `task` once one of the slots is free, first come first served. A caller whose `signal`
   * aborts while waiting leaves the queue at once (rejected with the signal's reason) and `task`
   * never runs.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly concurrency: number;
  /** Tasks holding a slot now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

interface Waiter {
  grant: () => void;
}

/**
 * A FIFO semaphore. Written here rather than taken from p-limit or cockatiel's bulkhead because
 * neither lets a waiting task leave the queue when its caller gives up: both keep it queued until
 * its turn comes.
 */
export function createUpstreamLimiter(concurrency: number): UpstreamLimiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError("The upstream concurrency must be a whole number from 1");
  }
  let active = 0;
  // A Set keeps insertion order (FIFO) and lets an aborted waiter leave from anywhere in the queue.
  const queue = new Set<Waiter>();

  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    signal?.throwIfAborted();
    if (active < concurrency && queue.size === 0) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        queue.delete(waiter);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      queue.add(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  };

  const release = () => {
    active -= 1;
    while (active < concurrency && queue.size > 0) {
      const next = queue.values().next().value!;
      queue.delete(next);
      active += 1;
      next.grant();
    }
  };

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    concurrency,
    get active() {
      return active;
    },
    get waiting() {
      return queue.size;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Circuit breaker

export type UpstreamState = "closed" | "open" | "half-open";

/** What a screen needs to say "the Partner API is unavailable" and when Daybook will try again. */
export interface UpstreamHealth {
  /**
   * "closed": calls go through. "open": calls are refused without touching the network until
   * `retryAt`. "half-open": the cooldown is over; the next call is let through as a probe (or one is
   * in flight now), and its outcome closes or reopens the circuit.
   */
  state: UpstreamState;
  /** When the circuit last opened (ISO instant); null while closed. */
  openedAt: string | null;
  /** When a probe may go through (ISO instant); null while closed. */
  retryAt: string | null;
  /** Failed calls in a row, the last successful answer resetting it. */
  consecutiveFailures: number;
  /** The latest failed call of the current run of failures; null once a call succeeds. */
  lastFailure: { code: string; correlationId: string | null; at: string } | null;
}

export interface UpstreamBreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  failures: number;
  /** How long the circuit stays open before one probe is let through. */
  cooldownMs: number;
  /** Told when the circuit opens, half-opens or closes (for the server log). */
  onStateChange?: (health: UpstreamHealth) => void;
}

export interface UpstreamBreaker {
  /**
   * Runs one whole call (its retries included) unless the circuit is open, in which case it throws
   * `upstream_unavailable` at once. A caller whose `signal` aborts is released at once with
   * `aborted`, whatever the call is waiting for.
   */
  execute<T>(endpoint: Endpoint, call: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  health(): UpstreamHealth;
}

/**
 * Whether a failed call counts against the API's health: it gave no usable answer at all.
 * Counted: network errors and timeouts, 429 and any 5xx (all after their retries), and a body
 * that is not JSON (what a failing gateway or a cut connection produces).
 * Not counted, since the API answered and refusing every other call would not help:
 * 4xx refusals (a bad key, a missing scope, an unknown property), a well-formed report that
 * breaks the contract (a bug to report with its field path, often one endpoint only; the other
 * endpoints keep working), a redirect elsewhere and a report over Daybook's size limit (both
 * Daybook's own configuration). A call its caller cancelled says nothing about the API either way.
 */
export function countsAgainstUpstream(error: unknown): boolean {
  if (!(error instanceof PartnerApiError)) return false;
  if (error.code === "aborted") return false;
  return error.retryable || error.code === "malformed_body";
}

const isoSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Thrown inside the policy for a call that was cancelled: neither a failure nor a success. */
class Cancelled extends Error {
  constructor(readonly original: unknown) {
    super("cancelled");
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function createUpstreamBreaker(options: UpstreamBreakerOptions): UpstreamBreaker {
  const consecutive = new ConsecutiveBreaker(options.failures);
  // A cancelled call is neither handled (a failure) nor returned (a success): cockatiel lets it
  // through without counting. Every other call that did not fail counts as a success. A probe
  // cancelled by its caller closes the circuit but leaves the count of failures as it was, so the
  // next call is in effect the probe: one more failure reopens the circuit at once.
  const policy: CircuitBreakerPolicy = circuitBreaker(
    handleWhen((error) => !(error instanceof Cancelled)),
    { halfOpenAfter: options.cooldownMs, breaker: consecutive },
  );
  let openedAt: number | null = null;
  let openedAfter = 0;
  let lastFailure: UpstreamHealth["lastFailure"] = null;

  const health = (): UpstreamHealth => {
    const open = policy.state === CircuitState.Open || policy.state === CircuitState.Isolated;
    const retryAt = openedAt === null ? null : openedAt + options.cooldownMs;
    let state: UpstreamState = "closed";
    if (policy.state === CircuitState.HalfOpen) state = "half-open";
    else if (open) state = retryAt !== null && Date.now() >= retryAt ? "half-open" : "open";
    return {
      state,
      openedAt: state === "closed" || openedAt === null ? null : new Date(openedAt).toISOString(),
      retryAt: state === "closed" || retryAt === null ? null : new Date(retryAt).toISOString(),
      consecutiveFailures: consecutive.state,
      lastFailure,
    };
  };

  policy.onBreak(() => {
    openedAt = Date.now();
    openedAfter = consecutive.state;
    options.onStateChange?.(health());
  });
  policy.onHalfOpen(() => options.onStateChange?.(health()));
  policy.onReset(() => {
    openedAt = null;
    options.onStateChange?.(health());
  });

  const unavailable = (endpoint: Endpoint) => {
    const retryAt = openedAt === null ? Date.now() : openedAt + options.cooldownMs;
    const calls = openedAfter === 1 ? "1 failed call" : `${openedAfter} failed calls`;
    const last = lastFailure
      ? ` The last failure was ${lastFailure.code}${lastFailure.correlationId ? ` (correlation id ${lastFailure.correlationId})` : ""}.`
      : "";
    return new PartnerApiError({
      endpoint,
      status: null,
      code: "upstream_unavailable",
      detail:
        `The Partner API is unavailable: Daybook stopped calling it after ${calls} in a row ` +
        `and will try again at ${isoSecond(retryAt)}.${last}`,
      correlationId: null,
      retryable: false,
      attempts: 0,
      ownWords: true,
    });
  };

  const guarded = async <T>(endpoint: Endpoint, call: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    let outcome: Outcome<T>;
    try {
      outcome = await policy.execute(async (): Promise<Outcome<T>> => {
        try {
          return { ok: true, value: await call() };
        } catch (error) {
          if (signal?.aborted || (error instanceof PartnerApiError && error.code === "aborted")) {
            throw new Cancelled(error);
          }
          if (countsAgainstUpstream(error)) {
            const failure = error as PartnerApiError;
            lastFailure = { code: failure.code, correlationId: failure.correlationId, at: new Date().toISOString() };
            throw error;
          }
          return { ok: false, error };
        }
      });
    } catch (error) {
      if (error instanceof Cancelled) throw error.original;
      if (isBrokenCircuitError(error)) throw unavailable(endpoint);
      throw error;
    }
    // A call that began before the circuit opened may answer after; it does not clear the failure
    // that opened it.
    if (policy.state === CircuitState.Closed) lastFailure = null;
    if (outcome.ok) return outcome.value;
    throw outcome.error;
  };

  return {
    execute(endpoint, call, signal) {
      if (signal?.aborted) return Promise.reject(abortedError(endpoint));
      const run = guarded(endpoint, call, signal);
      return signal ? releasedOnAbort(run, signal, endpoint) : run;
    },
    health,
  };
}

export function abortedError(endpoint: Endpoint): PartnerApiError {
  return new PartnerApiError({
    endpoint,
    status: null,
    code: "aborted",
    detail: "The request was cancelled",
    correlationId: null,
    retryable: false,
    attempts: 0,
  });
}

/**
 * Settles with `aborted` as soon as the caller's signal aborts, even while the call is held up
 * elsewhere (cockatiel holds calls back while a half-open probe is in flight). The call itself
 * stops on the same signal.
 */
function releasedOnAbort<T>(run: Promise<T>, signal: AbortSignal, endpoint: Endpoint): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(endpoint));
    signal.addEventListener("abort", onAbort, { once: true });
    run.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// One set per process

export interface UpstreamGuardSettings {
  concurrency: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  onStateChange?: (baseUrl: string, health: UpstreamHealth) => void;
}

export interface UpstreamGuards {
  /** Shared by every call to every base URL: the limit is on this process's requests in flight. */
  limiter: UpstreamLimiter;
  /**
   * One breaker per API base URL, shared by every key: an outage is the service's, not a key's (a
   * refused key is a 401, which does not count), so rotating the key must not hide an open
   * circuit, while two different APIs (a base URL changed, tests against two simulators) never
   * trip each other's breaker.
   */
  breakerFor(baseUrl: string): UpstreamBreaker;
}

/** The same base URL written with or without a trailing slash, or in another case of the host, is one API. */
export function breakerKey(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  url.search = "";
  url.hash = "";
  return url.href;
}

export function createUpstreamGuards(settings: UpstreamGuardSettings): UpstreamGuards {
  const breakers = new Map<string, UpstreamBreaker>();
  return {
    limiter: createUpstreamLimiter(settings.concurrency),
    breakerFor(baseUrl) {
      const key = breakerKey(baseUrl);
      let breaker = breakers.get(key);
      if (!breaker) {
        breaker = createUpstreamBreaker({
          failures: settings.breakerFailures,
          cooldownMs: settings.breakerCooldownMs,
          onStateChange: settings.onStateChange && ((health) => settings.onStateChange!(key, health)),
        });
        breakers.set(key, breaker);
      }
      return breaker;
    },
  };
}
