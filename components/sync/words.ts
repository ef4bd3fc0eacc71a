import type { SyncTrigger } from "@/lib/features/sync/run";
import type { SyncEndpointOutcome, SyncRun } from "@/lib/features/sync/types";

export const TRIGGER_LABELS: Record<SyncTrigger, string> = {
  schedule: "Scheduled",
  command: "npm run sync",
  admin: "Pull now",
  demo: "Demo history",
};

export const OUTCOME_WORDS: Record<
  SyncRun["outcome"],
  { label: string; tone: "ok" | "neutral" | "warning" | "danger" | "info" }
> = {
  stored: { label: "Stored", tone: "ok" },
  "nothing new": { label: "Nothing new", tone: "neutral" },
  partial: { label: "Partly failed", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
  running: { label: "Running", tone: "info" },
};

export const RESULT_WORDS: Record<SyncEndpointOutcome["result"], string> = {
  stored: "Stored",
  observed: "Already stored; live fields read again",
  "already stored": "Already stored",
  "not a whole day": "Not kept: the properties did not all report the same day yet",
  failed: "Failed",
};

/** "in 25 minutes", "in about 7 hours": how far off an instant is, roughly. */
export function describeWait(from: Date, to: Date): string {
  const minutes = Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000));
  if (minutes < 90) return `in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = Math.round(minutes / 60);
  return `in about ${hours} hours`;
}

export function describeDuration(from: Date, to: Date): string {
  const ms = Math.max(0, to.getTime() - from.getTime());
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
