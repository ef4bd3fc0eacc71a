import type { FaultKind } from "./faults";

/** Values given at start-up; reset returns to them. */
export interface StartSettings {
  readonly seed: number;
  readonly large: boolean;
  readonly latencyMs: number;
  readonly concurrencyLimit: number;
  readonly nowMs: number | null;
  readonly quiet: boolean;
}

export interface FaultView {
  next: FaultKind[];
  latencyMs: number;
  concurrencyLimit: number;
  message: string | null;
}

/** The mutable knobs the control endpoints turn. */
export class SimulatorState {
  clockOverrideMs: number | null;
  faultQueue: FaultKind[];
  latencyMs: number;
  concurrencyLimit: number;
  message: string | null = null;

  constructor(
    readonly start: StartSettings,
    initialFaults: readonly FaultKind[] = [],
  ) {
    this.clockOverrideMs = start.nowMs;
    this.faultQueue = [...initialFaults];
    this.latencyMs = start.latencyMs;
    this.concurrencyLimit = start.concurrencyLimit;
  }

  /** A clock override is frozen, not ticking: the same instant until it is changed. */
  now(): number {
    return this.clockOverrideMs ?? Date.now();
  }

  clearFaults(): void {
    this.faultQueue = [];
    this.latencyMs = this.start.latencyMs;
    this.concurrencyLimit = this.start.concurrencyLimit;
    this.message = null;
  }

  reset(): void {
    this.clearFaults();
    this.clockOverrideMs = this.start.nowMs;
  }

  faultView(): FaultView {
    return {
      next: [...this.faultQueue],
      latencyMs: this.latencyMs,
      concurrencyLimit: this.concurrencyLimit,
      message: this.message,
    };
  }
}
