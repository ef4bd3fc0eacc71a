/**
 * One call in flight per key, however many callers ask at once: the callers who arrive while it
 * runs wait for it and share its result or its error (its retries are not multiplied). A caller
 * may leave by aborting its signal; once every caller has left, the call itself is aborted.
 * A caller without a signal stays to the end.
 */

export interface Flights {
  run<T>(key: string, call: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Calls in flight now, by key (for tests and the status page). */
  inFlight(): string[];
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiting: number;
}

export function createFlights(): Flights {
  const flights = new Map<string, Flight>();
  return {
    run<T>(key: string, call: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
      signal?.throwIfAborted();
      let flight = flights.get(key);
      if (!flight) {
        const controller = new AbortController();
        const started: Flight = { promise: Promise.resolve(), controller, waiting: 0 };
        started.promise = call(controller.signal).finally(() => {
          if (flights.get(key) === started) flights.delete(key);
        });
        // Nobody may be left to see a failure of a call whose callers all left.
        started.promise.catch(() => undefined);
        flights.set(key, started);
        flight = started;
      }
      const joined = flight;
      joined.waiting += 1;
      if (!signal) return joined.promise as Promise<T>;
      return new Promise<T>((resolve, reject) => {
        let left = false;
        const leave = () => {
          left = true;
          joined.waiting -= 1;
          if (joined.waiting === 0) {
            // The next caller starts afresh rather than joining a call being abandoned.
            if (flights.get(key) === joined) flights.delete(key);
            joined.controller.abort(signal.reason);
          }
          reject(signal.reason);
        };
        signal.addEventListener("abort", leave, { once: true });
        joined.promise.then(
          (value) => {
            signal.removeEventListener("abort", leave);
            if (!left) resolve(value as T);
          },
          (error: unknown) => {
            signal.removeEventListener("abort", leave);
            if (!left) reject(error);
          },
        );
      });
    },
    inFlight: () => [...flights.keys()],
  };
}
