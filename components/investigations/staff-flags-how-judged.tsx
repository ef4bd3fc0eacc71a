import { useTranslations } from "next-intl";

import type { Formatter } from "@/lib/core/format";
import { MIN_SCANS } from "@/lib/features/insights/unusual";
import type { StaffFlags } from "@/lib/features/investigations/server";
import { MIN_PROPERTIES } from "@/lib/features/investigations/staff-flags-figures";

import { HowJudged, PurgedDaysNote } from "./screen-parts";

/** How Staff flags is worked out, in one line, with the details folded away. */
export function StaffFlagsHowJudged({ view, format }: { view: StaffFlags; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags.howJudged");
  return (
    <HowJudged
      summary={t("summary", {
        storedDays: view.storedDays,
        from: format.dayWithYear(view.from),
        to: format.dayWithYear(view.to),
      })}
    >
      <p>{t("flags")}</p>
      <p>{t("rule", { minScans: MIN_SCANS, minProperties: MIN_PROPERTIES })}</p>
      <p>{t("group")}</p>
      <PurgedDaysNote days={view.purgedDays} what="flags" />
    </HowJudged>
  );
}
