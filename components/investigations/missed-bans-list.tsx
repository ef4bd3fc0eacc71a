import Link from "next/link";

import { ExportButton } from "@/components/reports/export-button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import { PropertyInstant } from "@/components/ui/utc-instant";
import { formatCalendarDay, formatDayWithYear } from "@/lib/core/format";
import { BAN_SIGHTING_LABELS, MISSED_BAN_CATEGORY_LABELS } from "@/lib/features/investigations/missed-bans";
import {
  knownWords,
  MISSED_BAN_SORT_LABELS,
  missedBansHref,
  type MissedBanFigures,
  type NamedMissedBanRow,
} from "@/lib/features/investigations/missed-bans-view";
import type { MissedBanPage } from "@/lib/features/investigations/server";

import { MissedBansFilter } from "./missed-bans-filter";

const count = (n: number) => n.toLocaleString("en-US");
const entries = (n: number) => `${count(n)} missed ${n === 1 ? "ban" : "bans"}`;

/** Per property and how the desk took the guest in, then in all: the figures before the list. */
function Figures({ figures }: { figures: MissedBanFigures }) {
  return (
    <ScrollTable label="Missed bans by property and source" minWidth="min-w-[40rem]" testId="missed-bans-figures">
      <caption className="sr-only">Missed bans by property and how the guest was taken in</caption>
      <thead className="bg-stone-50 text-left text-xs text-stone-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            Property
          </th>
          {figures.categories.map((category) => (
            <th key={category} scope="col" className="px-3 py-2 text-right font-medium">
              {MISSED_BAN_CATEGORY_LABELS[category]}
            </th>
          ))}
          <th scope="col" className="px-3 py-2 text-right font-medium">
            All
          </th>
        </tr>
      </thead>
      <tbody>
        {[
          ...figures.rows,
          ...(figures.rows.length > 1 ? [{ ...figures.total, label: "All your properties" }] : []),
        ].map((row) => (
          <tr key={row.label} className="border-t border-stone-100" data-testid="missed-bans-figure">
            <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
              {row.label}
            </th>
            {figures.categories.map((category) => (
              <td key={category} className="px-3 py-2 text-right tabular-nums" data-column={category}>
                {count(row.counts[category])}
              </td>
            ))}
            <td className="px-3 py-2 text-right font-semibold tabular-nums" data-column="all">
              {count(row.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function SeenCell({ row }: { row: NamedMissedBanRow }) {
  if (!row.seen.shown)
    return (
      <span className="text-stone-700">
        At a property you do not see, {knownWords(row.knownMs)} before the check-in
      </span>
    );
  return (
    <>
      <span className="block">
        {row.seen.here ? "Here" : row.seen.label}: {BAN_SIGHTING_LABELS[row.seen.kind]}
      </span>
      <span className="block text-xs text-stone-600">
        <PropertyInstant at={row.seen.at} zone={row.seen.propertyTimeZone} />, {knownWords(row.knownMs)} before the
        check-in
      </span>
    </>
  );
}

/** The audit of one window: figures, then the list of arrivals, a page at a time, each leading to its stored day. */
export function MissedBansList({ list }: { list: MissedBanPage }) {
  const place = { window: list.window, property: list.property?.label ?? null, sort: list.sort };
  const last = list.first + list.rows.length - 1;
  const provenance = `From ${count(list.days.stored)} stored guest ${list.days.stored === 1 ? "day" : "days"} of the ${list.window} days from ${formatDayWithYear(list.from)} to ${formatDayWithYear(list.to)}${list.days.purged > 0 ? `; retention has removed guest data of ${count(list.days.purged)} of them, at some properties or all, and nothing links there` : ""}; guests linked by the keyed hash of their document number where the property's privacy policy keeps it.`;
  return (
    <div className="space-y-4">
      <MissedBansFilter window={list.window} property={place.property} sort={list.sort} choices={list.choices} />
      {list.unknownProperty !== null ? (
        <Notice tone="info" title="No such property in this list">
          None of the missed bans listed is at “{list.unknownProperty}”: every property is shown.
        </Notice>
      ) : null}
      <p className="text-xs text-stone-600" data-testid="missed-bans-provenance">
        {provenance}
      </p>
      {list.figures.total.total === 0 ? (
        <EmptyState title="No missed ban at your properties in these days">
          Among the arrivals Daybook keeps, no guest arrived unmatched after Daybook had seen their document banned.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="missed-bans-figures-heading" className={`p-4 sm:p-5 ${cardClass}`}>
            <h2 id="missed-bans-figures-heading" className="mb-3 text-base font-semibold text-stone-900">
              {entries(list.figures.total.total)} at your properties
            </h2>
            <Figures figures={list.figures} />
          </section>
          <section aria-labelledby="missed-bans-list" className={`p-4 sm:p-5 ${cardClass}`}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="missed-bans-list" className="text-base font-semibold text-stone-900">
                {entries(list.total)}
                {list.property ? ` at ${list.property.label}` : ""}
              </h2>
              <ExportButton
                table="investigation-missed-bans"
                params={{ window: String(list.window), property: place.property, sort: list.sort }}
                disabled={list.total === 0}
                what="the missed bans"
              />
            </div>
            {list.withheld > 0 ? (
              <p className="mb-3 text-sm text-stone-700" data-testid="missed-bans-withheld">
                {count(list.withheld)} of them {list.withheld === 1 ? "is" : "are"} listed without the guest&apos;s name
                and without the property where the ban was seen: it is one you do not see.
              </p>
            ) : null}
            {list.pages > 1 ? (
              <p className="mb-2 text-sm text-stone-700" data-testid="missed-bans-range">
                Missed bans {count(list.first)}–{count(last)} of {count(list.total)}
              </p>
            ) : null}
            <ScrollTable label="Missed bans" minWidth="min-w-[56rem]" testId="missed-bans">
              <caption className="sr-only">Missed bans, {MISSED_BAN_SORT_LABELS[list.sort].toLowerCase()}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
                  {["Guest", "Property", "Check-in", "At check-in", "Ban seen before", "Stored day"].map((head) => (
                    <th key={head} scope="col" className="px-3 py-2 font-medium">
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr
                    key={`${row.ref.reportId}:${row.ref.position}`}
                    className="border-b border-stone-100 align-top last:border-0"
                    data-testid="missed-ban-row"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="guest">
                      {row.name ?? <span className="font-normal text-stone-600 italic">Name withheld</span>}
                    </th>
                    <td className="px-3 py-2" data-column="property">
                      {row.label}
                    </td>
                    <td className="px-3 py-2" data-column="check-in">
                      <PropertyInstant at={row.checkInAtUtc} zone={row.propertyTimeZone} />
                    </td>
                    <td className="px-3 py-2" data-column="at-check-in">
                      {MISSED_BAN_CATEGORY_LABELS[row.category]}
                      {row.category === "no screening record" ? null : (
                        <span className="block text-xs text-stone-600">screened, no ban matched</span>
                      )}
                    </td>
                    <td className="px-3 py-2" data-column="seen">
                      <SeenCell row={row} />
                    </td>
                    <td className="px-3 py-2">
                      <Link className="text-sky-800 underline" href={row.href}>
                        Guests of {formatCalendarDay(row.day)}
                        <span className="sr-only"> at {row.label}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            {list.pages > 1 ? (
              <Pager
                label="Missed bans pages"
                previous={
                  list.page > 1 ? { href: missedBansHref({ ...place, page: list.page - 1 }), text: "Previous" } : null
                }
                next={
                  list.page < list.pages
                    ? { href: missedBansHref({ ...place, page: list.page + 1 }), text: "Next" }
                    : null
                }
              >
                <span className="text-stone-700" data-testid="missed-bans-page">
                  Page {list.page} of {list.pages}
                </span>
              </Pager>
            ) : null}
            <p className="mt-3 text-xs text-stone-600">
              The link opens the guests of that stored day filtered to the property; search there for the guest&apos;s
              name. A ban lifted before the check-in (a later reading said not banned) is not listed.
            </p>
          </section>
        </>
      )}
    </div>
  );
}
