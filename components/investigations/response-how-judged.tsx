import { useTranslations } from "next-intl";

import type { Formatter } from "@/lib/core/format";
import type { AlertResponse } from "@/lib/features/investigations/server";

import { HowJudged, PurgedDaysNote } from "./screen-parts";

/**
 * How Alert response is worked out, in one line, with the details folded away: the figures come
 * first, and the method is one click away.
 */
export function ResponseHowJudged({
  view,
  ranked,
  format,
}: {
  view: AlertResponse;
  ranked: boolean;
  format: Formatter;
}) {
  const t = useTranslations("investigations.response.howJudged");
  return (
    <HowJudged
      summary={t("summary", {
        storedDays: view.storedDays,
        from: format.dayWithYear(view.from),
        to: format.dayWithYear(view.to),
      })}
    >
      <p>{t("wait")}</p>
      <p>{t("notAcknowledged")}</p>
      <p>{t("zones")}</p>
      {ranked ? <p>{t("ranking")}</p> : null}
      <PurgedDaysNote days={view.purgedDays} what="alerts" />
    </HowJudged>
  );
}
