import Link from "next/link";

import { ExportButton } from "@/components/reports/export-button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import { PropertyInstant } from "@/components/ui/utc-instant";
import { formatDayWithYear } from "@/lib/core/format";
import { REPEAT_KIND_LABELS, SPREAD_DAYS, SPREAD_PROPERTIES } from "@/lib/features/investigations/repeat-visitors";
import {
  REPEAT_SORT_LABELS,
  repeatVisitorsHref,
  type NamedRepeatVisitRow,
  type RepeatFigures,
} from "@/lib/features/investigations/repeat-visitors-view";
import type { RepeatPage } from "@/lib/features/investigations/server";

import { RepeatVisitorsDaysForm } from "./repeat-visitors-days-form";
import { RepeatVisitorsFilter } from "./repeat-visitors-filter";

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function Figures({ figures, followDays }: { figures: RepeatFigures; followDays: number }) {
  const heads = [
    `Flagged here, then elsewhere within ${followDays} days`,
    "Arrived here after a flag elsewhere",
    `At ${SPREAD_PROPERTIES}+ properties within ${SPREAD_DAYS} days`,
  ];
  return (
    <ScrollTable label="Repeat visitors by property" minWidth="min-w-[40rem]" testId="repeat-visitors-figures">
      <caption className="sr-only">Repeat visitors by property</caption>
      <thead className="bg-stone-50 text-left text-xs text-stone-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            Property
          </th>
          {heads.map((head) => (
            <th key={head} scope="col" className="px-3 py-2 text-right font-medium">
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.rows.map((row) => (
          <tr key={row.label} className="border-t border-stone-100" data-testid="repeat-visitors-figure">
            <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
              {row.label}
            </th>
            <td className="px-3 py-2 text-right tabular-nums" data-column="flagged-here">
              {count(row.flaggedHere)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-column="arrived-here">
              {count(row.arrivedHere)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-column="spread">
              {count(row.spread)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function Visits({ row }: { row: NamedRepeatVisitRow }) {
  return (
    <ol className="space-y-1.5">
      {row.visits.map((visit) => (
        <li key={`${visit.ref.reportId}:${visit.ref.position}`} data-testid="repeat-visit">
          <span className="block font-medium text-stone-900" data-column="visit-property">
            {visit.label}
          </span>
          <span className="block text-xs text-stone-700">
            <PropertyInstant at={visit.checkInAtUtc} zone={visit.propertyTimeZone} />
            {visit.signals.length > 0 ? ` · ${visit.signals.join(", ")}` : ""} ·{" "}
            <Link className="text-sky-800 underline" href={visit.href}>
              stored day
              <span className="sr-only"> of this visit at {visit.label}</span>
            </Link>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Figures, then the list of entries the person sees whole, a page at a time; N set here by admins. */
export function RepeatVisitorsList({
  list,
  canChangeDays,
}: {
  list: RepeatPage & { followDaysChosen: boolean };
  canChangeDays: boolean;
}) {
  const place = { window: list.window, property: list.property?.label ?? null, kind: list.kind, sort: list.sort };
  const last = list.first + list.rows.length - 1;
  const all = list.figures.total.afterFlag + list.figures.total.spread;
  return (
    <div className="space-y-4">
      <RepeatVisitorsFilter {...place} choices={list.choices} />
      {list.unknownProperty !== null ? (
        <Notice tone="info" title="No such property in this list">
          None of the repeat visits listed involves “{list.unknownProperty}”: the whole group you see is shown.
        </Notice>
      ) : null}
      {list.cut !== null ? (
        <Notice tone="info" title="The newest documents only">
          More than {count(list.cut)} documents were at {SPREAD_PROPERTIES} properties or more within {SPREAD_DAYS} days
          in these days: the {count(list.cut)} seen most recently are counted and listed. Choose fewer days to see the
          others.
        </Notice>
      ) : null}
      <p className="text-xs text-stone-600" data-testid="repeat-visitors-provenance">
        From {plural(list.days.stored, "stored guest day", "stored guest days")} of the {list.window} days from{" "}
        {formatDayWithYear(list.from)} to {formatDayWithYear(list.to)}
        {list.days.purged > 0
          ? `; retention has removed guest data of ${count(list.days.purged)} of them, at some properties or all, and nothing links there`
          : ""}
        ; guests linked by the keyed hash of their document number where the property&apos;s privacy policy keeps it. A
        flag is a staff flag, a ban matched, or a criminal-record or sex-offender match; days are counted between the
        visits&apos; local days.
      </p>
      {list.hidden > 0 ? (
        <p className="text-sm text-stone-700" data-testid="repeat-visitors-hidden">
          {plural(list.hidden, "more involves", "more involve")} properties you do not see:{" "}
          {list.hidden === 1 ? "it is" : "they are"} not listed.
        </p>
      ) : null}
      {all === 0 ? (
        <EmptyState title="No repeat visitor across your properties in these days">
          No flagged guest arrived at another of your properties within {list.followDays} days, and no document was at{" "}
          {SPREAD_PROPERTIES} of them within {SPREAD_DAYS} days.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="repeat-visitors-figures-heading" className={`p-4 sm:p-5 ${cardClass}`}>
            <h2 id="repeat-visitors-figures-heading" className="mb-3 text-base font-semibold text-stone-900">
              {plural(list.figures.total.afterFlag, "arrival", "arrivals")} at another property within {list.followDays}{" "}
              days of a flag; {plural(list.figures.total.spread, "document", "documents")} at {SPREAD_PROPERTIES}+
              properties within {SPREAD_DAYS} days
            </h2>
            <Figures figures={list.figures} followDays={list.followDays} />
          </section>
          <section aria-labelledby="repeat-visitors-list" className={`p-4 sm:p-5 ${cardClass}`}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id="repeat-visitors-list" className="text-base font-semibold text-stone-900">
                {plural(list.total, "repeat visit", "repeat visits")}
                {list.property ? ` involving ${list.property.label}` : ""}
                {list.kind ? `: ${REPEAT_KIND_LABELS[list.kind].toLowerCase()}` : ""}
              </h2>
              <ExportButton
                table="investigation-repeat-visitors"
                params={{
                  window: String(list.window),
                  property: place.property,
                  kind: list.kind,
                  sort: list.sort,
                }}
                disabled={list.total === 0}
                what="the repeat visitors"
              />
            </div>
            {list.pages > 1 ? (
              <p className="mb-2 text-sm text-stone-700" data-testid="repeat-visitors-range">
                Repeat visits {count(list.first)}–{count(last)} of {count(list.total)}
              </p>
            ) : null}
            <ScrollTable label="Repeat visitors" minWidth="min-w-[48rem]" testId="repeat-visitors">
              <caption className="sr-only">Repeat visitors, {REPEAT_SORT_LABELS[list.sort].toLowerCase()}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
                  {["Guest", "Rule", "Visits, in order", "Days apart"].map((head) => (
                    <th key={head} scope="col" className="px-3 py-2 font-medium">
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <tr
                    key={row.id}
                    className="border-b border-stone-100 align-top last:border-0"
                    data-testid="repeat-row"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="guest">
                      {row.name}
                      {row.otherNames.length > 0 ? (
                        <span className="block text-xs font-normal text-stone-600">
                          also recorded as {row.otherNames.join(", ")}
                        </span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2" data-column="rule">
                      {REPEAT_KIND_LABELS[row.kind]}
                    </td>
                    <td className="px-3 py-2" data-column="visits">
                      <Visits row={row} />
                    </td>
                    <td className="px-3 py-2 tabular-nums" data-column="days">
                      {row.days}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            {list.pages > 1 ? (
              <Pager
                label="Repeat visitors pages"
                previous={
                  list.page > 1
                    ? { href: repeatVisitorsHref({ ...place, page: list.page - 1 }), text: "Previous" }
                    : null
                }
                next={
                  list.page < list.pages
                    ? { href: repeatVisitorsHref({ ...place, page: list.page + 1 }), text: "Next" }
                    : null
                }
              >
                <span className="text-stone-700" data-testid="repeat-visitors-page">
                  Page {list.page} of {list.pages}
                </span>
              </Pager>
            ) : null}
          </section>
        </>
      )}
      <section aria-labelledby="repeat-visit-days-heading" className={`p-4 sm:p-5 ${cardClass}`}>
        <h2 id="repeat-visit-days-heading" className="text-base font-semibold text-stone-900">
          Days after a flag
        </h2>
        <p className="mt-1 mb-3 text-sm text-stone-700" data-testid="repeat-visit-days">
          An arrival at another property is listed when it comes within {plural(list.followDays, "day", "days")} of a
          flag
          {list.followDaysChosen ? ", as an admin set it." : " (the default)."}
        </p>
        {canChangeDays ? <RepeatVisitorsDaysForm days={list.followDays} /> : null}
      </section>
    </div>
  );
}
