import { useTranslations } from "next-intl";

import { Badge } from "@/components/ui/badge";
import type { MatchOutcome } from "@/lib/core/match-outcomes";

const TONES = {
  confirmed: "danger",
  false_match: "ok",
  outdated: "warning",
  unverified: "neutral",
} as const satisfies Record<MatchOutcome, string>;

/**
 * A review's outcome in words, its colour only repeating them, and "Police contacted" beside it when
 * they were. A review made before outcomes were asked says it has none.
 */
export function OutcomeBadges({
  outcome,
  policeContacted,
  testId = "review-outcome",
}: {
  outcome: MatchOutcome | null;
  policeContacted: boolean;
  testId?: string;
}) {
  const t = useTranslations("review");
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <span data-testid={testId} data-outcome={outcome ?? "none"}>
        <Badge tone={outcome ? TONES[outcome] : "neutral"}>
          <span className="sr-only">{t("outcomeLabel")}</span>
          {t(`outcomes.${outcome ?? "none"}`)}
        </Badge>
      </span>
      {policeContacted ? (
        <span data-testid={`${testId}-police`}>
          <Badge tone="info">{t("policeContacted")}</Badge>
        </span>
      ) : null}
    </span>
  );
}
