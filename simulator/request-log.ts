import { closeSync, fchmodSync, openSync, writeSync } from "node:fs";

import type { FaultKind } from "./faults";

export interface RequestLogEntry {
  seq: number;
  /** Epoch milliseconds with sub-millisecond fractions, for ordering and timing drills. */
  at: number;
  method: string;
  /** Full path including any prefix, without the query. */
  path: string;
  query: Record<string, string | string[]>;
  keySuffix: string | null;
  accept: string | null;
  /** null while unanswered: a hanging request, or one whose client left before the answer. */
  status: number | null;
  correlationId: string;
  fault: FaultKind | null;
}

// A drill can fire many thousands of requests; the oldest entries give way first.
const MAX_ENTRIES = 10_000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private nextSeq = 1;

  begin(fields: Omit<RequestLogEntry, "seq" | "at" | "status">): RequestLogEntry {
    const entry: RequestLogEntry = {
      seq: this.nextSeq++,
      at: performance.timeOrigin + performance.now(),
      ...fields,
      status: null,
    };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return entry;
  }

  list(): RequestLogEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries = [];
  }
}

/** One request as a line of text: `GET /api/public/v1/guests {"propertyName":"…"} -> 200 12ms [fault 429]`. */
export function requestLine(entry: RequestLogEntry, tookMs: number): string {
  const query = Object.keys(entry.query).length > 0 ? ` ${JSON.stringify(entry.query)}` : "";
  const fault = entry.fault ? ` [fault ${entry.fault}]` : "";
  return `${entry.method} ${entry.path}${query} -> ${entry.status ?? "no answer"} ${tookMs}ms${fault}\n`;
}

/**
 * Where the request lines go: stderr, a file, or nowhere (quiet). Lines are written synchronously,
 * as stderr's are, so none is lost when the process exits right after answering.
 */
export class RequestLines {
  private constructor(private target: "stderr" | number | null) {}

  static stderr(): RequestLines {
    return new RequestLines("stderr");
  }

  static none(): RequestLines {
    return new RequestLines(null);
  }

  /**
   * Truncated on open, so the file holds one run, and readable by its owner only, since paths and
   * queries carry property names. The directory must exist.
   */
  static file(path: string): RequestLines {
    const fd = openSync(path, "w", 0o600);
    try {
      // The mode given to open applies only to a new file; an older one may have been wider.
      fchmodSync(fd, 0o600);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return new RequestLines(fd);
  }

  write(entry: RequestLogEntry, tookMs: number): void {
    if (this.target === null) return;
    const line = requestLine(entry, tookMs);
    if (this.target === "stderr") process.stderr.write(line);
    else writeSync(this.target, line);
  }

  /** Later lines, from requests cut off by the close, go nowhere. */
  close(): void {
    if (typeof this.target === "number") closeSync(this.target);
    this.target = null;
  }
}
