"use client";

import { useTranslations } from "next-intl";

import { acknowledgementTimes } from "@/lib/features/criminal-arrivals/acknowledgement";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * The desk's acknowledgement exactly as the API reports it, in a block of its own: Daybook's own
 * supervisor review will sit beside it later and must never be mixed into it.
 */
export function DeskAcknowledgement({
  item,
  zone,
  headingId,
}: {
  item: CriminalArrival;
  /** The property's zone where Daybook knows it: the time is then named by it. */
  zone?: string | null;
  headingId: string;
}) {
  const t = useTranslations("criminalArrivals.acknowledgement");
  const format = useFormat();
  const times = acknowledgementTimes(item, zone, format);
  const kind = times ? "acknowledged" : "not-acknowledged";
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      data-testid="desk-acknowledgement"
      data-state={kind}
      className={`rounded-md border px-3 py-2 text-sm ${times ? "border-stone-200 bg-stone-50" : "border-amber-300 bg-amber-50"}`}
    >
      <h4 id={headingId} className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {t("heading")}
      </h4>
      {times ? (
        <>
          <p className="mt-1 font-medium text-emerald-800">
            <span aria-hidden className="mr-1">
              {"✓"}
            </span>
            <span data-testid="acknowledgement-label">{t("acknowledged")}</span>
          </p>
          <p className="mt-0.5 text-stone-800">
            <time dateTime={times.utcInstant} title={times.utcText} data-testid="acknowledged-local">
              {times.local.kind === "zoned"
                ? times.local.text
                : times.local.kind === "wallClock"
                  ? t("propertyTime", { time: times.local.text })
                  : t("propertyTimeNotGiven")}
            </time>
          </p>
          <p className="text-xs text-stone-600" data-testid="acknowledged-utc">
            {times.utcText}
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 font-semibold text-amber-900">
            <span aria-hidden className="mr-1">
              {"⚠"}
            </span>
            <span data-testid="acknowledgement-label">{t("notAcknowledged")}</span>
          </p>
          <p className="mt-0.5 text-amber-900">{t("notAcknowledgedExplanation")}</p>
        </>
      )}
    </div>
  );
}
