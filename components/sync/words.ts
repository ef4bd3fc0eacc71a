import type { Formatter } from "@/lib/core/format";
import type { Translate } from "@/lib/features/overview/words";
import type { SyncTrigger } from "@/lib/features/sync/run";
import type { SyncEndpointOutcome, SyncRun } from "@/lib/features/sync/types";

/** Each trigger's label under `sync.trigger` in the catalogue. */
export const TRIGGER_KEYS: Record<SyncTrigger, "schedule" | "command" | "admin" | "demo"> = {
  schedule: "schedule",
  command: "command",
  admin: "admin",
  demo: "demo",
};

type OutcomeKey = "stored" | "nothingNew" | "partial" | "failed" | "running";

/** Each outcome's label under `sync.outcome` in the catalogue, and its badge's tone. */
export const OUTCOME_WORDS: Record<
  SyncRun["outcome"],
  { key: OutcomeKey; tone: "ok" | "neutral" | "warning" | "danger" | "info" }
> = {
  stored: { key: "stored", tone: "ok" },
  "nothing new": { key: "nothingNew", tone: "neutral" },
  partial: { key: "partial", tone: "warning" },
  failed: { key: "failed", tone: "danger" },
  running: { key: "running", tone: "info" },
};

/** Each report's result under `sync.result` in the catalogue. */
export const RESULT_KEYS: Record<
  SyncEndpointOutcome["result"],
  "stored" | "observed" | "alreadyStored" | "notAWholeDay" | "failed"
> = {
  stored: "stored",
  observed: "observed",
  "already stored": "alreadyStored",
  "not a whole day": "notAWholeDay",
  failed: "failed",
};

/** "in 25 minutes", "in about 7 hours": how far off an instant is, roughly. `t`: `useTranslations("sync.wait")`. */
export function describeWait(t: Translate<"minutes" | "hours">, from: Date, to: Date): string {
  const minutes = Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000));
  if (minutes < 90) return t("minutes", { count: minutes });
  return t("hours", { count: Math.round(minutes / 60) });
}

/** "2.4 s", "37 s": how long a pull took. `t`: `useTranslations("sync")`. */
export function describeDuration(t: Translate<"seconds">, format: Formatter, from: Date, to: Date): string {
  const ms = Math.max(0, to.getTime() - from.getTime());
  const seconds =
    ms < 10_000
      ? format.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      : format.number(Math.round(ms / 1000));
  return t("seconds", { seconds });
}
