import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { MIN_SCANS } from "@/lib/features/insights/unusual";
import type { FlagRates, StaffFlags } from "@/lib/features/investigations/server";
import { judgementWords, MIN_PROPERTIES } from "@/lib/features/investigations/staff-flags-figures";
import {
  STAFF_FLAG_SORT_LABELS,
  STAFF_FLAG_SORTS,
  staffFlagsHref,
} from "@/lib/features/investigations/staff-flags-view";

import { OrderChoices, PagedList } from "./list-parts";
import { count, FigureTile, numClass as num, PartSection, thClass as th, UnknownPropertyNotice } from "./screen-parts";
import { StaffFlagsHowJudged } from "./staff-flags-how-judged";
import { WindowPropertyControls } from "./window-property-form";

const oneDecimal = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

function RateHeads() {
  return (
    <>
      <th scope="col" className={`${th} text-right`}>
        Stored arrivals
      </th>
      <th scope="col" className={`${th} text-right`}>
        Flagged
      </th>
      <th scope="col" className={`${th} text-right`}>
        Per 100 arrivals
      </th>
      <th scope="col" className={`${th} text-right`}>
        No screening match
      </th>
    </>
  );
}

function RateCells({ rates }: { rates: FlagRates }) {
  return (
    <>
      <td className={num} data-column="arrivals">
        {count(rates.arrivals)}
      </td>
      <td className={num} data-column="flagged">
        {count(rates.flagged)}
      </td>
      <td className={`${num} ${rates.per100 === null ? "text-stone-600 italic" : ""}`} data-column="per100">
        {rates.per100 === null ? "No arrivals" : oneDecimal(rates.per100)}
      </td>
      <td className={num} data-column="unmatched">
        {rates.unmatchedShare === null
          ? "None flagged"
          : `${count(rates.flaggedUnmatched)} (${oneDecimal(rates.unmatchedShare)} %)`}
      </td>
    </>
  );
}

/** The group's range, or why there is none. */
function RangeLine({ view }: { view: StaffFlags }) {
  const baseline = view.baseline;
  return (
    <p className="text-sm text-stone-700" data-testid="staff-flags-range">
      {baseline.kind === "baseline"
        ? `The group's usual range: ${upToOneDecimal(Math.max(0, baseline.median - baseline.spread))}–${upToOneDecimal(baseline.median + baseline.spread)} flags per 100 arrivals around a median of ${oneDecimal(baseline.median)}, from ${count(baseline.days)} properties (wider for a property of few arrivals, by what chance alone gives).`
        : `Not judged against the group: ${count(baseline.days)} of your properties ${baseline.days === 1 ? "has" : "have"} ${MIN_SCANS} stored arrivals or more in these days, and at least ${MIN_PROPERTIES} are needed for a usual range.`}
    </p>
  );
}

/** Staff flags: the figures first, the properties far outside the group said in words, then each property and weekday. */
export function StaffFlagsScreen({ view, csv }: { view: StaffFlags; csv: boolean }) {
  const overall = view.overall;
  const section = { table: "investigation-staff-flags", what: "the staff flags", view, csv } as const;
  return (
    <div className="space-y-6">
      <WindowPropertyControls
        screen="staff-flags"
        window={view.window}
        property={view.property}
        choices={view.choices}
        // The property table's order is kept.
        hidden={view.sort !== "most" ? { sort: view.sort } : {}}
      />
      <UnknownPropertyNotice asked={view.unknownProperty} />
      <section aria-label="Staff flag figures" className="space-y-3" data-testid="staff-flags-figures">
        {overall.arrivals === 0 ? (
          <EmptyState title="No stored arrivals">
            Daybook stored no guest arrivals of {view.property ?? "your properties"} in the last {view.window} days:
            there is nothing to count flags against. A day not stored is not a day without flags.
          </EmptyState>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FigureTile
              testId="staff-flags-per100"
              label="Staff flags per 100 arrivals"
              value={overall.per100 === null ? "No arrivals" : oneDecimal(overall.per100)}
            />
            <FigureTile
              testId="staff-flags-flagged"
              label="Guests flagged by staff"
              value={count(overall.flagged)}
              detail={`of ${count(overall.arrivals)} stored arrivals`}
            />
            <FigureTile
              testId="staff-flags-unmatched"
              label="Flagged with no screening match"
              value={overall.unmatchedShare === null ? "None flagged" : `${oneDecimal(overall.unmatchedShare)} %`}
              detail={`${count(overall.flaggedUnmatched)} of ${count(overall.flagged)} flagged`}
            />
            <FigureTile
              testId="staff-flags-days"
              label="Stored days"
              value={count(view.storedDays)}
              detail={`of the last ${view.window}`}
            />
          </div>
        )}
        {view.far.length > 0 ? (
          <Notice tone="warning" title="Far outside the group's range">
            <ul className="list-disc space-y-1 pl-5" data-testid="staff-flags-far">
              {view.far.map((entry) => (
                <li key={entry.label}>
                  {entry.judgement.kind === "far-above" || entry.judgement.kind === "far-below"
                    ? entry.judgement.sentence
                    : null}
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}
        <RangeLine view={view} />
      </section>
      <StaffFlagsHowJudged view={view} />
      <PartSection {...section} id="staff-flags-by-property" title="By property" part="properties">
        {view.properties.total > 1 ? (
          <OrderChoices
            sorts={STAFF_FLAG_SORTS}
            labels={STAFF_FLAG_SORT_LABELS}
            current={view.sort}
            href={(sort) => staffFlagsHref({ window: view.window, property: view.property, sort })}
          />
        ) : null}
        <PagedList
          page={view.properties}
          noun="Properties"
          rangeTestId="staff-flags-properties-range"
          pagerLabel="Staff flags properties pages"
          href={(page) => staffFlagsHref({ window: view.window, property: view.property, sort: view.sort, page })}
        >
          <ScrollTable label="Staff flags by property" minWidth="min-w-[46rem]" testId="staff-flags-properties">
            <caption className="sr-only">
              Staff flags by property, {STAFF_FLAG_SORT_LABELS[view.sort].toLowerCase()}
            </caption>
            <thead>
              <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
                <th scope="col" className={th}>
                  Property
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Stored days
                </th>
                <RateHeads />
                <th scope="col" className={th}>
                  Against the group
                </th>
              </tr>
            </thead>
            <tbody>
              {view.properties.rows.map((entry) => (
                <tr
                  key={entry.label}
                  className="border-b border-stone-100 last:border-0"
                  data-testid="staff-flags-property-row"
                  data-judgement={entry.judgement.kind}
                >
                  <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                    {entry.label}
                  </th>
                  <td className={num} data-column="stored-days">
                    {count(entry.storedDays)}
                  </td>
                  <RateCells rates={entry} />
                  <td
                    className={`px-3 py-2 ${entry.judgement.kind.startsWith("far") ? "font-semibold text-amber-900" : "text-stone-700"}`}
                    data-column="judgement"
                  >
                    {judgementWords(entry.judgement)}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </PagedList>
      </PartSection>
      <PartSection {...section} id="staff-flags-by-weekday" title="By day of the week" part="weekdays">
        <ScrollTable label="Staff flags by day of the week" minWidth="min-w-[36rem]" testId="staff-flags-weekdays">
          <caption className="sr-only">Staff flags by day of the week, each property&apos;s own local day</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
              <th scope="col" className={th}>
                Day
              </th>
              <th scope="col" className={`${th} text-right`}>
                Stored property days
              </th>
              <RateHeads />
            </tr>
          </thead>
          <tbody>
            {view.weekdays.map((day) => (
              <tr
                key={day.label}
                className="border-b border-stone-100 last:border-0"
                data-testid="staff-flags-weekday-row"
              >
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                  {day.label}
                </th>
                <td className={num}>{count(day.propertyDays)}</td>
                <RateCells rates={day} />
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PartSection>
    </div>
  );
}
