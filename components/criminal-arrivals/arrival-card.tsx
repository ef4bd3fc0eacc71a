"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
import { flagIdsOf } from "@/lib/features/criminal-arrivals/offense-lists";
import { calendarDate, capturedName, genderWords, SOURCE_KEYS } from "@/lib/features/guests/fields";
import { useFormat } from "@/lib/features/preferences/hooks";
import type { ZonedCriminalArrival } from "@/lib/features/reports/types";

import { DeskAcknowledgement } from "./desk-acknowledgement";
import { OffenseLists } from "./offense-lists";

/**
 * One guest: who, where and when; the screening flags; the two offense lists; the desk's acknowledgement;
 * and, in a block of its own below it, Daybook's review (`review`).
 */
export function ArrivalCard({
  item,
  property,
  id,
  review,
}: {
  item: ZonedCriminalArrival;
  /** The property as shown: a name several properties share says which of them it is. */
  property: string;
  id: string;
  review?: ReactNode;
}) {
  const t = useTranslations("criminalArrivals.card");
  const flags = useTranslations("criminalArrivals.flags");
  const guests = useTranslations("guests");
  const format = useFormat();
  // In the property's zone where Daybook knows it, with UTC a hover away; in UTC, said so, where not.
  const checkIn = format.propertyTime(item.checkInAtUtc, item.localZone);
  const name = capturedName(item) ?? guests("cells.nameNotCaptured");
  const localDate = calendarDate(item.checkInDateLocal);
  return (
    <article
      aria-labelledby={`${id}-name`}
      className={`grid gap-4 p-4 ${cardClass} ${
        item.acknowledgedAtUtc === null ? "border-l-4 border-l-amber-400" : ""
      } lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,0.9fr)]`}
    >
      <div className="min-w-0 space-y-2">
        <div>
          <h3 id={`${id}-name`} className="text-base font-semibold break-words text-stone-900" data-testid="guest-name">
            {name}
          </h3>
          <p className="text-sm break-words text-stone-600" data-testid="guest-property">
            {property}
          </p>
        </div>
        <p className="flex flex-wrap gap-1.5" aria-label={t("matches")}>
          {flagIdsOf(item).map((flag) => (
            <Badge key={flag} tone="danger">
              {flags(flag)}
            </Badge>
          ))}
        </p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-500">{t("checkedIn")}</dt>
          <dd>
            <time
              dateTime={item.checkInAtUtc}
              title={checkIn.utc}
              data-testid="check-in"
              data-zoned={checkIn.zoned}
              className={
                checkIn.zoned ? "underline decoration-stone-300 decoration-dotted underline-offset-2" : undefined
              }
            >
              {checkIn.text}
            </time>
          </dd>
          <dt className="text-stone-500">{t("localDate")}</dt>
          <dd>
            {t.rich("atProperty", {
              date: format.dayWithYear(localDate),
              time: (chunks) => <time dateTime={item.checkInDateLocal}>{chunks}</time>,
              muted: (chunks) => <span className="text-stone-500">{chunks}</span>,
            })}
          </dd>
          <dt className="text-stone-500">{t("gender")}</dt>
          <dd data-testid="gender">{guests(`gender.${genderWords(item.gender)}`)}</dd>
          <dt className="text-stone-500">{t("source")}</dt>
          {/* A source Daybook does not know is shown as the API sent it. */}
          <dd>{item.source in SOURCE_KEYS ? guests(`source.${SOURCE_KEYS[item.source]}`) : item.source}</dd>
        </dl>
      </div>
      <div className="min-w-0">
        <OffenseLists item={item} />
      </div>
      <div className="min-w-0 space-y-3">
        <DeskAcknowledgement item={item} zone={item.localZone} headingId={`${id}-ack`} />
        {review}
      </div>
    </article>
  );
}
