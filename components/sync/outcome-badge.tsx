import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import type { SyncRun } from "@/lib/features/sync/types";

import { OUTCOME_WORDS } from "./words";

export function OutcomeBadge({ outcome }: { outcome: SyncRun["outcome"] }) {
  const t = useTranslations("sync.outcome");
  const words = OUTCOME_WORDS[outcome];
  return <Badge tone={words.tone}>{t(words.key)}</Badge>;
}
