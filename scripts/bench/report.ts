/** The rows the bench prints, and the few statistics they are made of. */

export interface Row {
  name: string;
  /** null when the measurement could not be taken; `detail.error` says why. */
  value: number | null;
  unit: string;
  /** e.g. "<= 1" */
  target: string;
  pass: boolean;
  detail?: Record<string, unknown>;
}

export interface Target {
  op: "<=";
  limit: number;
}

export const atMost = (limit: number): Target => ({ op: "<=", limit });

/** What a row is: its name, unit and target, known before it is measured. */
export interface Spec {
  name: string;
  unit: string;
  target: Target;
}

export const spec = (name: string, unit: string, target: Target): Spec => ({ name, unit, target });

export function row(of: Spec, value: number | null, detail?: Row["detail"], target = of.target): Row {
  const rounded = value === null || !Number.isFinite(value) ? null : round(value);
  const pass = rounded !== null && rounded <= target.limit;
  return {
    name: of.name,
    value: rounded,
    unit: of.unit,
    target: `${target.op} ${target.limit}`,
    pass,
    ...(detail ? { detail } : {}),
  };
}

/** A row whose measurement failed: no value, never a pass. */
export function failedRow(of: Spec, error: unknown): Row {
  return row(of, null, { error: describeError(error) });
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message.split("\n").slice(0, 6).join("\n");
  return String(error);
}

/** Three significant decimals at most: enough for ratios and milliseconds, no float noise. */
export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** Decimal megabytes, as the targets are written (13 MB is the API's whole guests day). */
export const MB = 1_000_000;
export const MiB = 1024 * 1024;

/** Progress and diagnostics: stderr only, stdout carries the one JSON document. */
const started = performance.now();
export function progress(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}

export function elapsedSeconds(): number {
  return round((performance.now() - started) / 1000);
}
