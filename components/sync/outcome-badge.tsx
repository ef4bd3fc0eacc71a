import { Badge } from "@/components/ui/badge";
import type { SyncRun } from "@/lib/features/sync/types";

import { OUTCOME_WORDS } from "./words";

export function OutcomeBadge({ outcome }: { outcome: SyncRun["outcome"] }) {
  const words = OUTCOME_WORDS[outcome];
  return <Badge tone={words.tone}>{words.label}</Badge>;
}
