import { useTranslations } from "next-intl";

import { RULE_VALUES } from "@/lib/features/insights/unusual";

/**
 * The unusual-day rule in words, folded away under "How this is judged": the figures come first,
 * and the method is one click away rather than repeated under every list.
 */
export function HowUnusualIsJudged() {
  const t = useTranslations("insights.unusual.howJudged");
  return (
    <details className="rounded-md border border-stone-200 text-sm" data-testid="how-judged">
      <summary className="cursor-pointer px-3 py-2 font-medium text-stone-800 hover:bg-stone-50">
        {t("summary")}
      </summary>
      <div className="space-y-2 border-t border-stone-200 px-3 py-2 text-stone-700">
        <p>{t("rule", RULE_VALUES)}</p>
        <p>{t("storedOnly")}</p>
      </div>
    </details>
  );
}
