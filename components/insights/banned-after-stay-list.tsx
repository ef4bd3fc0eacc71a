"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant } from "@/components/ui/instants";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import { searchBannedAfterStay } from "@/lib/features/insights/actions";
import { NAME_NOT_CAPTURED, stayHref } from "@/lib/features/insights/banned";
import { bannedHref, type BannedRange } from "@/lib/features/insights/banned-view";
import type { BannedAfterStayPage } from "@/lib/features/insights/server";
import { useFormat } from "@/lib/features/preferences/hooks";

import { BannedFilter, BannedSearch } from "./banned-after-stay-filters";

/** Where the list stands: the filters of its address (the name search is never one of them). */
interface Place {
  property: string | null;
  from: string | null;
  to: string | null;
}

/** The stored days a list is cut to, as the heading's `range` choice and its two days. */
function rangeValues(range: BannedRange, format: Formatter) {
  const kind =
    range.from && range.to
      ? range.from === range.to
        ? "same"
        : "both"
      : range.from
        ? "from"
        : range.to
          ? "to"
          : "none";
  return {
    range: kind,
    from: range.from ? format.calendarDay(range.from) : "",
    to: range.to ? format.calendarDay(range.to) : "",
  };
}

/** The notices above the list: days retention emptied, a property or a day the address named wrongly. */
function AddressNotices({ list }: { list: BannedAfterStayPage }) {
  const t = useTranslations("insights.bannedAfterStay");
  const format = useFormat();
  return (
    <>
      {list.purged ? (
        <Notice tone="info" title={t("purged.title")}>
          {t("purged.body", { count: list.purged.days, last: format.dayWithYear(list.purged.last) })}
        </Notice>
      ) : null}
      {list.unknownProperty !== null ? (
        <Notice tone="info" title={t("unknownProperty.title")}>
          {t("unknownProperty.body", { asked: list.unknownProperty })}
        </Notice>
      ) : null}
      {list.invalidDays.length > 0 ? (
        <Notice tone="info" title={t("invalidDays.title")}>
          {t("invalidDays.body", {
            count: list.invalidDays.length,
            first: list.invalidDays[0]!,
            second: list.invalidDays[1] ?? "",
          })}
        </Notice>
      ) : null}
    </>
  );
}

/** The stays whose guests were banned after them, newest ban first, a page at a time, each leading to its stored day. */
export function BannedAfterStayTable({ list: addressed }: { list: BannedAfterStayPage }) {
  const t = useTranslations("insights.bannedAfterStay");
  const format = useFormat();
  const [searched, setSearched] = useState<BannedAfterStayPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const list = searched ?? addressed;
  const place: Place = { property: addressed.property?.label ?? null, ...addressed.range };
  const last = list.first + list.rows.length - 1;
  const name = (shown: string) => (shown === NAME_NOT_CAPTURED ? t("table.nameNotCaptured") : shown);

  const ask = (q: string, page = 1) =>
    startTransition(async () => {
      setError(null);
      if (q.trim() === "") {
        setSearched(null);
        return;
      }
      const answer = await searchBannedAfterStay({
        property: place.property ?? undefined,
        from: place.from ?? undefined,
        to: place.to ?? undefined,
        page: String(page),
        q,
      }).catch(() => null);
      if (answer === null) setError(t("unreachable"));
      else if (!answer.ok) setError(answer.fieldErrors ? Object.values(answer.fieldErrors)[0]! : answer.message);
      else setSearched(answer.data ?? null);
    });
  const pageControl = (page: number, text: string, arrow: "←" | "→") =>
    searched ? (
      <button type="button" className={buttonClass("secondary", "sm")} onClick={() => ask(searched.search, page)}>
        {arrow === "←" ? <span aria-hidden>{arrow}</span> : null}
        {text}
        {arrow === "→" ? <span aria-hidden>{arrow}</span> : null}
      </button>
    ) : (
      <Link href={bannedHref({ ...place, page })} className={buttonClass("secondary", "sm")}>
        {arrow === "←" ? <span aria-hidden>{arrow}</span> : null}
        {text}
        {arrow === "→" ? <span aria-hidden>{arrow}</span> : null}
      </Link>
    );

  const heading = t("heading", {
    count: list.total,
    n: format.number(list.total),
    property: list.property ? "one" : "none",
    label: list.property?.label ?? "",
    ...rangeValues(list.range, format),
    search: list.search ? "one" : "none",
    q: list.search,
  });

  return (
    <div className="space-y-4">
      <AddressNotices list={addressed} />
      {addressed.all === 0 ? (
        <EmptyState title={t("empty.title")}>{t("empty.body")}</EmptyState>
      ) : (
        <section aria-labelledby="banned-list" className={`p-4 sm:p-5 ${cardClass}`}>
          <div className="mb-4 space-y-3">
            <BannedFilter list={addressed} />
            <BannedSearch
              search={searched?.search ?? ""}
              pending={pending}
              onSearch={(q) => ask(q)}
              onClear={() => {
                setError(null);
                setSearched(null);
              }}
            />
            {error ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                <span aria-hidden>{"⚠ "}</span>
                {error}
              </p>
            ) : null}
          </div>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="banned-list" className="text-base font-semibold text-stone-900" aria-live="polite">
              {heading}
            </h2>
            <ExportButton
              table="banned-after-stay"
              params={{ ...place, q: list.search || undefined }}
              disabled={list.total === 0}
              what={t("csv")}
            />
          </div>
          {list.pages > 1 ? (
            <p className="mb-2 text-sm text-stone-700" data-testid="banned-range">
              {t("range", {
                first: format.number(list.first),
                last: format.number(last),
                total: format.number(list.total),
              })}
            </p>
          ) : null}
          {list.total === 0 ? (
            <p className="text-sm text-stone-700" data-testid="banned-none">
              {t("none", { search: list.search ? "one" : "none" })}
            </p>
          ) : (
            <ScrollTable label={t("table.label")} minWidth="min-w-[52rem]" testId="banned-after-stay">
              <caption className="sr-only">{t("table.caption")}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
                  <th scope="col" className="px-3 py-2">
                    {t("table.guest")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("table.property")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("table.stayDay")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("table.atCheckIn")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("table.seen")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("table.day")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((entry) => (
                  <tr
                    key={`${entry.ref.reportId}:${entry.ref.position}`}
                    className="border-b border-stone-100 last:border-0"
                    data-testid="banned-row"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                      {name(entry.name)}
                    </th>
                    <td className="px-3 py-2" data-column="property">
                      {entry.label}
                    </td>
                    <td className="px-3 py-2" data-column="day">
                      {format.calendarDay(entry.day)}
                    </td>
                    <td className="px-3 py-2" data-column="at-check-in">
                      {entry.atCheckIn === "clear" ? t("table.screened") : t("table.noScreeningRecord")}
                    </td>
                    <td className="px-3 py-2" data-column="seen">
                      <EventInstant at={entry.bannedSeenAt} />
                      {entry.seenAtPull ? (
                        <span className="block text-xs text-stone-600">{t("table.seenAtPull")}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      <Link className="text-sky-800 underline" href={stayHref(entry)}>
                        {t.rich("table.link", {
                          day: format.calendarDay(entry.day),
                          label: entry.label,
                          name: name(entry.name),
                          sr: (chunks) => <span className="sr-only">{chunks}</span>,
                        })}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
          {list.pages > 1 ? (
            <nav aria-label={t("pages")} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              {list.page > 1 ? pageControl(list.page - 1, t("previous"), "←") : null}
              <span className="text-stone-700" data-testid="banned-page">
                {t("page", { page: format.number(list.page), pages: format.number(list.pages) })}
              </span>
              {list.page < list.pages ? pageControl(list.page + 1, t("next"), "→") : null}
            </nav>
          ) : null}
          <p className="mt-3 text-xs text-stone-600">{t("footnote")}</p>
        </section>
      )}
    </div>
  );
}

/** The Overview's notice: how many bans Daybook first saw in the last 24 hours. */
export function BannedSinceYesterdayNotice({ count }: { count: number }) {
  const t = useTranslations("insights.bannedAfterStay.sinceYesterday");
  const format = useFormat();
  if (count === 0) return null;
  return (
    <div data-testid="banned-since-yesterday">
      <Notice tone="warning" title={t("title", { count, n: format.number(count) })}>
        <Link className="underline" href="/insights/banned-after-stay">
          {t("link")}
        </Link>
      </Notice>
    </div>
  );
}
