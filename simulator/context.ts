import type { DayStore } from "./data/day-store";
import type { Property } from "./data/properties";
import type { RequestLines, RequestLog } from "./request-log";
import type { SimulatorState } from "./state";

/** Everything a request handler needs; one per running simulator, so several can run side by side. */
export interface SimulatorContext {
  readonly state: SimulatorState;
  readonly log: RequestLog;
  /** The one line per API request: stderr, a file or nowhere. */
  readonly lines: RequestLines;
  readonly store: DayStore;
  readonly catalogue: readonly Property[];
  /** Requests currently being answered, per API key. */
  readonly inFlight: Map<string, number>;
  /** Timers that cut hanging requests off; cleared on close. */
  readonly hangTimers: Set<NodeJS.Timeout>;
  readonly port: () => number;
}
