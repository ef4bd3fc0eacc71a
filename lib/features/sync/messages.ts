/**
 * What a run says of itself, in words: codes and counts only, never guest data. The sentences are
 * the run's record (stored with it, and logged), so they are written once, in English.
 */

import type { StoredEndpoint, SYNC_OUTCOMES, SyncEndpointOutcome, SyncRun } from "@/lib/server/db/schema";

import type { PolicyRemoval, RetentionPurge } from "./retention";

/** The reports in English, for the run's record and the log. */
export const ENDPOINT_LABELS: Record<StoredEndpoint, string> = {
  usage: "usage summary",
  guests: "guest arrivals",
  "criminal-arrivals": "criminal arrivals",
};

/** The reports' names on screen: keys under `sync.endpoint` in the catalogue. */
export const ENDPOINT_KEYS: Record<StoredEndpoint, "usage" | "guests" | "criminalArrivals"> = {
  usage: "usage",
  guests: "guests",
  "criminal-arrivals": "criminalArrivals",
};

/** What the retention purge after a pull or in housekeeping removed, per policy; counts only. */
export interface PurgeSummary extends RetentionPurge {
  failed: boolean;
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function failure(entry: SyncEndpointOutcome): string {
  const status = entry.status !== null && entry.status !== 200 ? ` ${entry.status}` : "";
  return `${ENDPOINT_LABELS[entry.endpoint]} (${entry.errorCode ?? "failed"}${status})`;
}

export function describePurge(purge: PurgeSummary): string {
  if (purge.failed) return "Removing old guest data failed; the next pull tries again.";
  return describeRetention(purge);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The retention purge in one sentence, per policy: "Removed the guest data of 2 days (18 property
 * days) under Default (kept 3 days) and of 1 day (1 property day) under EU (kept 30 days)." A
 * Daybook with the default policy alone reads as before named policies: "(kept 90 days)".
 */
export function describeRetention(purge: RetentionPurge): string {
  const only = purge.byPolicy.length === 1;
  const kept = (entry: PolicyRemoval) =>
    only
      ? `kept ${plural(entry.retentionDays, "day", "days")}`
      : `${entry.policy}: kept ${plural(entry.retentionDays, "day", "days")}`;
  const removed = purge.byPolicy.filter((entry) => entry.parts > 0);
  if (removed.length === 0) return `No guest data was due for removal (${purge.byPolicy.map(kept).join("; ")}).`;
  const each = removed.map(
    (entry) =>
      `of ${plural(entry.days, "day", "days")} (${plural(entry.parts, "property day", "property days")}${
        only ? `; ${kept(entry)})` : `) under ${entry.policy} (kept ${plural(entry.retentionDays, "day", "days")})`
      }`,
  );
  return `Removed the guest data ${list(each)}.`;
}

export function describeRun(
  outcome: (typeof SYNC_OUTCOMES)[number],
  endpoints: SyncEndpointOutcome[],
  purge: PurgeSummary,
): string {
  const with_ = (result: SyncEndpointOutcome["result"]) =>
    endpoints.filter((entry) => entry.result === result).map((entry) => ENDPOINT_LABELS[entry.endpoint]);
  const failed = endpoints.filter((entry) => entry.result === "failed").map(failure);
  const day = endpoints.find((entry) => entry.reportedDate !== null)?.reportedDate;
  const parts: string[] = [];
  const stored = endpoints.filter((entry) => entry.result === "stored");
  if (stored.length > 0) {
    const days = [...new Set(stored.flatMap((entry) => entry.days ?? []))].sort();
    const of = days.length > 1 ? ` of ${list(days)} (each property its own day)` : day ? ` of ${day}` : "";
    const reread = stored.some((entry) => entry.observed) ? "; live fields read again" : "";
    parts.push(`Stored ${list(with_("stored"))}${of}${reread}.`);
  }
  const kept = endpoints
    .filter((entry) => entry.result === "already stored" || entry.result === "observed")
    .map((entry) => ENDPOINT_LABELS[entry.endpoint]);
  if (kept.length > 0)
    parts.push(`${list(kept)} already stored${with_("observed").length > 0 ? "; live fields read again" : ""}.`);
  if (with_("not a whole day").length > 0) {
    parts.push(
      `${list(with_("not a whole day"))} not kept: the properties did not all report the same day at this hour; the scheduled pull keeps it.`,
    );
  }
  if (failed.length > 0) parts.push(`${outcome === "failed" ? "Every report failed" : "Failed"}: ${list(failed)}.`);
  parts.push(describePurge(purge));
  // A sentence that starts with a report's name starts with a capital.
  return parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(" ");
}

/** A pull in one log line: outcome, day, codes and correlation ids; never guest data. */
export function describeRunForLog(run: SyncRun): string {
  const day = run.reportedDate ? ` of ${run.reportedDate}` : "";
  const correlation = run.correlationId ? ` (correlation ${run.correlationId})` : "";
  const failures = run.endpoints
    .filter((entry) => entry.result === "failed")
    .map((entry) => `${entry.endpoint} ${entry.status ?? "no answer"} ${entry.errorCode ?? "failed"}`);
  return `${run.outcome}${day}${failures.length > 0 ? `: ${failures.join(", ")}` : ""}${correlation}`;
}
