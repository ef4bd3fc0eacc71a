"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { ReportFrame } from "@/components/reports/report-frame";
import { ReviewBlock, type ReviewableItem } from "@/components/review/review-block";
import { SignOffBars, type ListSummary } from "@/components/review/sign-off-bars";
import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { isPropertyRefusal } from "@/lib/core/errors";
import { arrivalPropertyLabel } from "@/lib/core/property-names";
import {
  CHECK_IN_ORDERS,
  emptyStateTitle,
  flagCountsText,
  isCheckInOrder,
  summarize,
  summaryText,
  visibleArrivals,
  type CheckInOrder,
  type CriminalArrivalWords,
} from "@/lib/features/criminal-arrivals/view";
import { useFormat } from "@/lib/features/preferences/hooks";
import { emptyListDay, emptyListPlace } from "@/lib/features/reports/day-choice";
import { useCriminalArrivalsReport, useHydrated } from "@/lib/features/reports/hooks";
import type { CriminalArrivals, Loaded } from "@/lib/features/reports/types";
import { useReviewState } from "@/lib/features/review/hooks";
import { listId, listOf, listsOf } from "@/lib/features/review/list";
import type { DayReviews } from "@/lib/features/review/types";

import { ArrivalCard } from "./arrival-card";
import { CriminalArrivalsSkeleton } from "./criminal-arrivals-skeleton";

/** Cards drawn at first, and added by each "Show more". */
export const CARDS_AT_ONCE = 20;

export function CriminalArrivalsView({
  property,
  day,
  initial,
  initialReviews,
  isAdmin,
  canExport = false,
}: {
  property?: string;
  /** A stored day; absent for yesterday live. */
  day?: string;
  initial: Loaded<CriminalArrivals>;
  /** The reviews of the lists' days as the server read them with the list (none: read here). */
  initialReviews?: readonly DayReviews[];
  isAdmin: boolean;
  canExport?: boolean;
}) {
  const t = useTranslations("criminalArrivals");
  const reportWords = useTranslations("reports");
  const common = useTranslations("common");
  const format = useFormat();
  const report = useCriminalArrivalsReport(property, day, initial);
  const { data, error, dataUpdatedAt } = report;
  const [onlyNotAcknowledged, setOnlyNotAcknowledged] = useState(false);
  const [order, setOrder] = useState<CheckInOrder>("earliest");
  // A group's day holds hundreds of cards: drawn a few dozen at a time, so the page stays quick.
  const [limit, setLimit] = useState(CARDS_AT_ONCE);
  const hydrated = useHydrated();
  const ids = useId();

  const items = useMemo(() => data?.items ?? [], [data]);
  // A stable key per guest: the API gives no identifier, so its position in the report stands in.
  const positions = useMemo(() => new Map(items.map((item, index) => [item, index])), [items]);
  const summary = useMemo(() => summarize(items), [items]);
  const shown = useMemo(
    () => visibleArrivals(items, { onlyNotAcknowledged, order }),
    [items, onlyNotAcknowledged, order],
  );
  const where = data?.propertyName ?? property;
  // Daybook's review: one list per property and local day on screen; the server sends each item's key.
  const lists = useMemo<ListSummary[]>(
    () =>
      listsOf(items).map((list) => ({
        ...list,
        itemKeys: items
          .filter((item) => listId(listOf(item)) === listId(list))
          .map((item) => (item as ReviewableItem).itemKey),
      })),
    [items],
  );
  const days = useMemo(() => [...new Set(lists.map((list) => list.day))], [lists]);
  const review = useReviewState(days, initialReviews);

  const notKept = data?.criminalNotKept ?? [];
  // The one property shown keeps no criminal details: its list does not exist, which is not "none".
  const onlyNotKept = notKept.length > 0 && where !== undefined;

  if (!data && !error) return <CriminalArrivalsSkeleton />;

  return (
    <ReportFrame
      report={report}
      noun={t("view.noun")}
      what={t("view.what")}
      isAdmin={isAdmin}
      errorTestId="report-error"
      errorActions={
        isPropertyRefusal(error?.error.upstream?.code) ? (
          <Link
            href={day ? `/criminal-arrivals?day=${encodeURIComponent(day)}` : "/criminal-arrivals"}
            className={`text-sm ${buttonClass("link")}`}
          >
            {t("view.clearFilter")}
          </Link>
        ) : null
      }
    >
      {data ? (
        <>
          <section aria-labelledby={`${ids}-summary`} className={`${cardClass} p-4`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id={`${ids}-summary`} className="text-lg font-semibold text-stone-900" data-testid="summary">
                  {summaryText(summary, t)}
                </h2>
                {summary.matches > 0 ? (
                  <p className="mt-1 text-sm text-stone-600">{flagCountsText(summary, t)}</p>
                ) : null}
                <p className="mt-1 text-sm text-stone-600">
                  {t.rich("view.reportedDay", {
                    day: format.calendarDay(data.reportedDateLocal),
                    scope: where ? "one" : "all",
                    where: where ?? "",
                    time: (chunks) => (
                      <time dateTime={data.reportedDateLocal} data-testid="reported-day">
                        {chunks}
                      </time>
                    ),
                  })}
                </p>
              </div>
              {dataUpdatedAt ? (
                <p className="text-xs text-stone-500">
                  {t.rich("view.readAt", {
                    at: format.event(new Date(dataUpdatedAt)),
                    time: (chunks) => <time dateTime={new Date(dataUpdatedAt).toISOString()}>{chunks}</time>,
                  })}
                </p>
              ) : null}
            </div>
          </section>

          {notKept.length > 0 && !(items.length === 0 && onlyNotKept) ? (
            <ul aria-label={t("notKept.label")} className="space-y-1 text-sm">
              {notKept.map((entry) => (
                <li key={entry.propertyName} data-testid="criminal-not-kept">
                  {t("notKept.line", { policy: entry.policy, property: entry.propertyName })}
                </li>
              ))}
            </ul>
          ) : null}
          {items.length === 0 && onlyNotKept ? (
            <EmptyState title={t("notKept.title", { policy: notKept[0]!.policy })}>
              {t("notKept.body", { scope: where ? "one" : "all", where: where ?? "" })}
            </EmptyState>
          ) : items.length === 0 ? (
            <EmptyState
              title={emptyStateTitle(
                emptyListPlace(where, (data?.storedCopy ?? data?.held)?.coverage, reportWords),
                emptyListDay(day, reportWords, format),
                t,
              )}
            >
              {t("empty.body")}
            </EmptyState>
          ) : (
            <>
              <SignOffBars lists={lists} items={items} review={review} canPrint={canExport} />
              <div className={`flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 text-sm ${cardClass}`}>
                <label className="flex items-center gap-2 font-medium text-stone-800">
                  <input
                    type="checkbox"
                    checked={onlyNotAcknowledged}
                    disabled={!hydrated}
                    onChange={(event) => setOnlyNotAcknowledged(event.target.checked)}
                    className="size-4 accent-brand-600"
                  />
                  {t("view.onlyNotAcknowledged")}
                </label>
                <label className="flex items-center gap-2 text-stone-800">
                  <span className="font-medium">{t("view.sortBy")}</span>
                  <select
                    value={order}
                    disabled={!hydrated}
                    onChange={(event) => {
                      if (isCheckInOrder(event.target.value)) setOrder(event.target.value);
                    }}
                    className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
                  >
                    {CHECK_IN_ORDERS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {t(`orders.${option.value}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <p className="text-stone-600 sm:ml-auto" aria-live="polite" data-testid="shown-count">
                  {t("view.showing", { shown: Math.min(limit, shown.length), total: items.length })}
                </p>
                {canExport ? (
                  <ExportButton
                    table="criminal-arrivals"
                    what={t("view.exportWhat")}
                    params={{
                      propertyName: property,
                      day,
                      only: onlyNotAcknowledged ? "not-acknowledged" : undefined,
                      order,
                    }}
                    disabled={!hydrated}
                  />
                ) : null}
              </div>
              {unzoned(items).length > 0 ? (
                <p className="text-xs text-stone-600" data-testid="utc-notice">
                  {t("view.utcNotice", { names: inWords(unzoned(items), t), count: unzoned(items).length })}
                </p>
              ) : null}

              {shown.length === 0 ? (
                <EmptyState title={t("view.allAcknowledged")}>
                  <Button variant="link" onClick={() => setOnlyNotAcknowledged(false)}>
                    {t("view.showAll", { count: items.length })}
                  </Button>
                </EmptyState>
              ) : (
                <section aria-labelledby={`${ids}-list`}>
                  <h2 id={`${ids}-list`} className="sr-only">
                    {t("view.guests")}
                  </h2>
                  <ul className="space-y-3" data-testid="criminal-arrivals">
                    {shown.slice(0, limit).map((item) => {
                      const index = positions.get(item) ?? 0;
                      return (
                        <li key={index} data-testid="criminal-arrival">
                          <ArrivalCard
                            item={item}
                            property={arrivalPropertyLabel(item, data.sharedNames, common)}
                            id={`${ids}-${index}`}
                            review={
                              <ReviewBlock
                                item={item as ReviewableItem}
                                review={review}
                                listSignedOff={!!review.signOffOf(listId(listOf(item)))}
                                headingId={`${ids}-${index}-review`}
                              />
                            }
                          />
                        </li>
                      );
                    })}
                  </ul>
                  {shown.length > limit ? (
                    <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="more-arrivals">
                      <Button onClick={() => setLimit((shownNow) => shownNow + CARDS_AT_ONCE)}>
                        {t("view.showMore", { count: Math.min(CARDS_AT_ONCE, shown.length - limit) })}
                      </Button>
                      <Button variant="link" onClick={() => setLimit(Infinity)}>
                        {t("view.showAll", { count: shown.length })}
                      </Button>
                    </div>
                  ) : null}
                </section>
              )}
            </>
          )}
        </>
      ) : null}
    </ReportFrame>
  );
}

/** The properties whose zone Daybook does not know, for the one UTC sentence of the screen. */
function unzoned(items: readonly { propertyName: string; localZone?: string }[]): string[] {
  return [...new Set(items.filter((item) => !item.localZone).map((item) => item.propertyName))];
}

function inWords(names: readonly string[], t: CriminalArrivalWords): string {
  return names.length > 1
    ? t("view.namesAnd", { rest: names.slice(0, -1).join(", "), last: names.at(-1)! })
    : (names[0] ?? "");
}
