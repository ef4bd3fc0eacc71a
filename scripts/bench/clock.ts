/**
 * The bench's side of clock-shim.mjs: Daybook's clock as the bench sets it. The simulator's clock
 * is frozen; Daybook's starts at the same instant and ticks with real time, and in the simulated
 * day both are moved together.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { sleep } from "./processes";

export const SHIM_URL = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "clock-shim.mjs")).href;

export class VirtualClock {
  /** Real epoch ms at which the virtual clock read `start`. */
  readonly anchor = Date.now();
  private offsetMs: number;
  private jumpMs = 0;
  private generation = 0;

  /** `controlFile`: lets `moveTo` move the clock of a running server (and its long timers). */
  constructor(
    readonly start: string,
    readonly controlFile?: string,
  ) {
    this.offsetMs = Date.parse(start) - this.anchor;
    if (Number.isNaN(this.offsetMs)) throw new RangeError(`not an instant: ${start}`);
    if (controlFile) this.write();
  }

  /** Virtual epoch ms now. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** What the server's environment needs for the shim. */
  env(): Record<string, string> {
    return {
      BENCH_CLOCK_START: this.start,
      BENCH_CLOCK_ANCHOR: String(this.anchor),
      ...(this.controlFile ? { BENCH_CLOCK_CONTROL: this.controlFile } : {}),
    };
  }

  /**
   * Moves the server's clock to `iso` and resolves once the server process `pid` has taken it (its
   * timers due by then have fired).
   */
  async moveTo(iso: string, pid: number): Promise<void> {
    if (!this.controlFile) throw new Error("this clock has no control file");
    const target = Date.parse(iso);
    const current = this.now();
    if (target > current) this.jumpMs += target - current;
    this.offsetMs = target - Date.now();
    this.generation++;
    this.write();
    const ack = `${this.controlFile}.ack.${pid}`;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (existsSync(ack)) {
        try {
          const { generation } = JSON.parse(readFileSync(ack, "utf8")) as { generation: number };
          if (generation >= this.generation) return;
        } catch {
          // being rewritten
        }
      }
      await sleep(20);
    }
    throw new Error(`the server did not take the clock ${iso} within 15 s`);
  }

  private write(): void {
    const state = { generation: this.generation, offsetMs: this.offsetMs, jumpMs: this.jumpMs };
    writeFileSync(`${this.controlFile}.tmp`, JSON.stringify(state));
    renameSync(`${this.controlFile}.tmp`, this.controlFile!);
  }
}
