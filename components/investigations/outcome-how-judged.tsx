import { useTranslations } from "next-intl";

import type { Formatter } from "@/lib/core/format";
import { MIN_DECIDED } from "@/lib/features/investigations/outcome-rates";
import type { OutcomeView } from "@/lib/features/investigations/server";

import { HowJudged } from "./screen-parts";

/**
 * How the false-match rate is worked out, in one line, with the details folded away: the figures
 * come first, and the method is one click away.
 */
export function OutcomeHowJudged({ view, format }: { view: Pick<OutcomeView, "from" | "to">; format: Formatter }) {
  const t = useTranslations("investigations.outcomes.howJudged");
  const min = format.number(MIN_DECIDED);
  return (
    <HowJudged summary={t("summary", { from: format.dayWithYear(view.from), to: format.dayWithYear(view.to), min })}>
      <p>{t("outcomes")}</p>
      <p>{t("unverified")}</p>
      <p>{t("tooFew", { min })}</p>
      <p>{t("lists")}</p>
    </HowJudged>
  );
}
