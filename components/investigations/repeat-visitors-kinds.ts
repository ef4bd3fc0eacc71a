import type { RepeatKind } from "@/lib/features/investigations/repeat-visitors";

/** Each rule by its name in investigations.repeatVisitors.kinds (a key has no hyphen). */
export const KIND_KEYS = {
  "after-flag": "afterFlag",
  spread: "spread",
} as const satisfies Record<RepeatKind, string>;
