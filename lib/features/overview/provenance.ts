/**
 * The Overview's provenance in one short line, figures first: "Daybook's stored copy of Tue 24 Nov,
 * read 11:30 UTC". The rest (generated, requested, the API's way of serving a day) sits behind a
 * disclosure. Pure and isomorphic.
 */

import type { Formatter } from "@/lib/core/format";
import type { WithCopy } from "@/lib/features/history/types";
import type { ScopedUsageReport } from "@/lib/features/reports/types";

import { formatBaselineDayIn, formatReadTimeIn } from "./figure-words";
import type { Translate } from "./words";

/** `t`: `useTranslations("overview.provenance")`. */
export function provenanceLine(
  t: Translate<"storedCopy" | "api">,
  format: Formatter,
  report: Pick<WithCopy<ScopedUsageReport>, "reportedDateLocal" | "apiRequestedAt" | "storedCopy" | "held">,
): string {
  const day = formatBaselineDayIn(format, report.reportedDateLocal);
  const copy = report.storedCopy ?? report.held ?? null;
  if (copy) return t("storedCopy", { day, time: formatReadTimeIn(format, copy.pulledAt) });
  return t("api", { day, time: formatReadTimeIn(format, report.apiRequestedAt) });
}
