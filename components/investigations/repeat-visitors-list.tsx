import { ExportButton } from "@/components/reports/export-button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { PropertyInstant } from "@/components/ui/utc-instant";
import { REPEAT_KIND_LABELS, SPREAD_DAYS, SPREAD_PROPERTIES } from "@/lib/features/investigations/repeat-visitors";
import {
  REPEAT_SORT_LABELS,
  repeatVisitorsHref,
  type NamedRepeatVisitRow,
  type RepeatFigure,
  type RepeatFigures,
} from "@/lib/features/investigations/repeat-visitors-view";
import type { RepeatPage } from "@/lib/features/investigations/server";

import { FiguresByProperty, LinkageProvenance, ListTable, PagedList } from "./list-parts";
import { RepeatVisitorsDaysForm } from "./repeat-visitors-days-form";
import { RepeatVisitorsFilter } from "./repeat-visitors-filter";
import { count, InvestigationSection, plural, UnknownPropertyNotice } from "./screen-parts";

function Figures({ figures, followDays }: { figures: RepeatFigures; followDays: number }) {
  return (
    <FiguresByProperty
      label="Repeat visitors by property"
      caption="Repeat visitors by property"
      testId="repeat-visitors-figures"
      rowTestId="repeat-visitors-figure"
      columns={[
        {
          key: "flagged-here",
          head: `Flagged here, then elsewhere within ${followDays} days`,
          value: (row: RepeatFigure) => row.flaggedHere,
        },
        { key: "arrived-here", head: "Arrived here after a flag elsewhere", value: (row) => row.arrivedHere },
        {
          key: "spread",
          head: `At ${SPREAD_PROPERTIES}+ properties within ${SPREAD_DAYS} days`,
          value: (row) => row.spread,
        },
      ]}
      rows={figures.rows}
    />
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
  const all = list.figures.total.afterFlag + list.figures.total.spread;
  return (
    <div className="space-y-4">
      <RepeatVisitorsFilter {...place} choices={list.choices} />
      <UnknownPropertyNotice asked={list.unknownProperty} title="No such property in this list">
        None of the repeat visits listed involves “{list.unknownProperty}”: the whole group you see is shown.
      </UnknownPropertyNotice>
      {list.cut !== null ? (
        <Notice tone="info" title="The newest documents only">
          More than {count(list.cut)} documents were at {SPREAD_PROPERTIES} properties or more within {SPREAD_DAYS} days
          in these days: the {count(list.cut)} seen most recently are counted and listed. Choose fewer days to see the
          others.
        </Notice>
      ) : null}
      <LinkageProvenance list={list} testId="repeat-visitors-provenance">
        A flag is a staff flag, a ban matched, or a criminal-record or sex-offender match; days are counted between the
        visits&apos; local days.
      </LinkageProvenance>
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
          <InvestigationSection
            id="repeat-visitors-figures-heading"
            title={
              <>
                {plural(list.figures.total.afterFlag, "arrival", "arrivals")} at another property within{" "}
                {list.followDays} days of a flag; {plural(list.figures.total.spread, "document", "documents")} at{" "}
                {SPREAD_PROPERTIES}+ properties within {SPREAD_DAYS} days
              </>
            }
          >
            <Figures figures={list.figures} followDays={list.followDays} />
          </InvestigationSection>
          <InvestigationSection
            id="repeat-visitors-list"
            title={
              <>
                {plural(list.total, "repeat visit", "repeat visits")}
                {list.property ? ` involving ${list.property.label}` : ""}
                {list.kind ? `: ${REPEAT_KIND_LABELS[list.kind].toLowerCase()}` : ""}
              </>
            }
            action={
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
            }
          >
            <PagedList
              page={list}
              noun="Repeat visits"
              rangeTestId="repeat-visitors-range"
              pagerLabel="Repeat visitors pages"
              pageTestId="repeat-visitors-page"
              href={(page) => repeatVisitorsHref({ ...place, page })}
            >
              <ListTable
                label="Repeat visitors"
                caption={`Repeat visitors, ${REPEAT_SORT_LABELS[list.sort].toLowerCase()}`}
                minWidth="min-w-[48rem]"
                testId="repeat-visitors"
                heads={["Guest", "Rule", "Visits, in order", "Days apart"]}
              >
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
              </ListTable>
            </PagedList>
          </InvestigationSection>
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
