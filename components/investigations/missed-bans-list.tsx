import { ExportButton } from "@/components/reports/export-button";
import { EmptyState } from "@/components/ui/empty-state";
import { PropertyInstant } from "@/components/ui/utc-instant";
import { BAN_SIGHTING_LABELS, MISSED_BAN_CATEGORY_LABELS } from "@/lib/features/investigations/missed-bans";
import {
  knownWords,
  MISSED_BAN_SORT_LABELS,
  missedBansHref,
  type MissedBanFigure,
  type MissedBanFigures,
  type NamedMissedBanRow,
} from "@/lib/features/investigations/missed-bans-view";
import type { MissedBanPage } from "@/lib/features/investigations/server";

import { DayLink, FiguresByProperty, LinkageProvenance, ListTable, PagedList } from "./list-parts";
import { MissedBansFilter } from "./missed-bans-filter";
import { count, InvestigationSection, UnknownPropertyNotice } from "./screen-parts";

const entries = (n: number) => `${count(n)} missed ${n === 1 ? "ban" : "bans"}`;

/** Per property and how the desk took the guest in, then in all: the figures before the list. */
function Figures({ figures }: { figures: MissedBanFigures }) {
  return (
    <FiguresByProperty
      label="Missed bans by property and source"
      caption="Missed bans by property and how the guest was taken in"
      testId="missed-bans-figures"
      rowTestId="missed-bans-figure"
      columns={[
        ...figures.categories.map((category) => ({
          key: category,
          head: MISSED_BAN_CATEGORY_LABELS[category],
          value: (row: MissedBanFigure) => row.counts[category],
        })),
        { key: "all", head: "All", value: (row: MissedBanFigure) => row.total, strong: true },
      ]}
      rows={[...figures.rows, ...(figures.rows.length > 1 ? [{ ...figures.total, label: "All your properties" }] : [])]}
    />
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
  return (
    <div className="space-y-4">
      <MissedBansFilter window={list.window} property={place.property} sort={list.sort} choices={list.choices} />
      <UnknownPropertyNotice asked={list.unknownProperty} title="No such property in this list">
        None of the missed bans listed is at “{list.unknownProperty}”: every property is shown.
      </UnknownPropertyNotice>
      <LinkageProvenance list={list} testId="missed-bans-provenance" />
      {list.figures.total.total === 0 ? (
        <EmptyState title="No missed ban at your properties in these days">
          Among the arrivals Daybook keeps, no guest arrived unmatched after Daybook had seen their document banned.
        </EmptyState>
      ) : (
        <>
          <InvestigationSection
            id="missed-bans-figures-heading"
            title={`${entries(list.figures.total.total)} at your properties`}
          >
            <Figures figures={list.figures} />
          </InvestigationSection>
          <InvestigationSection
            id="missed-bans-list"
            title={
              <>
                {entries(list.total)}
                {list.property ? ` at ${list.property.label}` : ""}
              </>
            }
            action={
              <ExportButton
                table="investigation-missed-bans"
                params={{ window: String(list.window), property: place.property, sort: list.sort }}
                disabled={list.total === 0}
                what="the missed bans"
              />
            }
          >
            {list.withheld > 0 ? (
              <p className="mb-3 text-sm text-stone-700" data-testid="missed-bans-withheld">
                {count(list.withheld)} of them {list.withheld === 1 ? "is" : "are"} listed without the guest&apos;s name
                and without the property where the ban was seen: it is one you do not see.
              </p>
            ) : null}
            <PagedList
              page={list}
              noun="Missed bans"
              rangeTestId="missed-bans-range"
              pagerLabel="Missed bans pages"
              pageTestId="missed-bans-page"
              href={(page) => missedBansHref({ ...place, page })}
            >
              <ListTable
                label="Missed bans"
                caption={`Missed bans, ${MISSED_BAN_SORT_LABELS[list.sort].toLowerCase()}`}
                minWidth="min-w-[56rem]"
                testId="missed-bans"
                heads={["Guest", "Property", "Check-in", "At check-in", "Ban seen before", "Stored day"]}
              >
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
                      <DayLink href={row.href} list="Guests" day={row.day} label={row.label} />
                    </td>
                  </tr>
                ))}
              </ListTable>
            </PagedList>
            <p className="mt-3 text-xs text-stone-600">
              The link opens the guests of that stored day filtered to the property; search there for the guest&apos;s
              name. A ban lifted before the check-in (a later reading said not banned) is not listed.
            </p>
          </InvestigationSection>
        </>
      )}
    </div>
  );
}
