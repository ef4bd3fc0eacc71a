import type { ErrorBody } from "./report-error";

/** A report as the server loaded it for the first paint: the data, or why there is none. */
export type Loaded<T> =
  | { ok: true; data: T; loadedAt: number }
  | { ok: false; status: number; error: ErrorBody["error"]; loadedAt: number };
