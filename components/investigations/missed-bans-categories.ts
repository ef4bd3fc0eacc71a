import type { MissedBanCategory } from "@/lib/features/investigations/missed-bans";

/** Each way a guest was taken in, by its name in investigations.missedBans.categories (a key has no spaces). */
export const CATEGORY_KEYS = {
  scan: "scan",
  "scan manual entry": "scanManualEntry",
  "manual entry": "manualEntry",
  "other source": "otherSource",
  "no screening record": "noScreeningRecord",
} as const satisfies Record<MissedBanCategory, string>;
