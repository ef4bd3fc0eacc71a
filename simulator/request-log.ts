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
