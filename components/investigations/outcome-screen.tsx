import type { ReactNode } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { EmptyState } from "@/components/ui/empty-state";
import { MIN_DECIDED } from "@/lib/features/investigations/outcome-rates";
import { rateWords } from "@/lib/features/investigations/outcome-view";
import type { OutcomeView } from "@/lib/features/investigations/server";

import { OutcomeHowJudged } from "./outcome-how-judged";
import { monthPart, OutcomePropertyTable, OutcomeTable } from "./outcome-tables";
import { count, FigureTile, InvestigationSection, plural, UnknownPropertyNotice } from "./screen-parts";
import { WindowPropertyControls } from "./window-property-form";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <InvestigationSection id={id} title={title} className="min-w-0" testId={id}>
      {children}
    </InvestigationSection>
  );
}

/** The figures of the whole view first: the rate, and every count it is drawn from or leaves out. */
function Headline({ view }: { view: OutcomeView }) {
  const total = view.total;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FigureTile
        testId="outcomes-rate"
        label="False-match rate"
        value={rateWords(total)}
        detail={
          total.tooFew
            ? `${plural(total.decided, "settled match", "settled matches")}; ${MIN_DECIDED} are needed`
            : `${count(total.falseMatches)} of ${plural(total.decided, "settled match", "settled matches")} not the same person`
        }
      />
      <FigureTile
        testId="outcomes-settled"
        label="Settled matches"
        value={count(total.decided)}
        detail={`${count(total.confirmed)} same person, ${count(total.falseMatches)} not, ${count(total.outdated)} record outdated`}
      />
      <FigureTile
        testId="outcomes-unsettled"
        label="Could not verify"
        value={count(total.unverified)}
        detail={`and ${plural(total.noOutcome, "review", "reviews")} with no outcome recorded; in no rate`}
      />
      <FigureTile
        testId="outcomes-police"
        label="Police contacted"
        value={count(total.policeContacted)}
        detail="among the outcomes recorded"
      />
    </div>
  );
}

/** Match outcomes: the figures first, how they are judged in a line, then by match, property, source and month. */
export function OutcomeScreen({ view, csv }: { view: OutcomeView; csv: boolean }) {
  const reviews = view.total.decided + view.total.unverified + view.total.noOutcome;
  const where = view.property ? ` at ${view.property.label}` : "";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <WindowPropertyControls
          screen="outcomes"
          window={view.window}
          property={view.property?.label ?? null}
          choices={view.severalProperties ? view.choices : []}
          // The property table's order is kept.
          hidden={view.sort !== "rate" ? { sort: view.sort } : {}}
        />
        {csv ? (
          <ExportButton
            table="investigation-outcomes"
            params={{ window: String(view.window), property: view.property?.label }}
            what="the match outcomes' tables"
          />
        ) : null}
      </div>
      <UnknownPropertyNotice asked={view.unknownProperty}>
        None of your properties with reviews in these days is “{view.unknownProperty}”: every property is shown.
      </UnknownPropertyNotice>
      <section aria-label="Match outcome figures" className="space-y-3" data-testid="outcomes-figures">
        {reviews === 0 ? (
          <EmptyState title="No reviews in these days">
            No criminal arrival{where} was reviewed for the lists of the last {view.window} days, so there is no outcome
            to count.
          </EmptyState>
        ) : (
          <Headline view={view} />
        )}
      </section>
      <OutcomeHowJudged view={view} />
      {reviews > 0 ? (
        <>
          <Section id="outcomes-by-match" title="By match">
            <p className="mb-3 text-sm text-stone-700" data-testid="outcomes-both">
              A guest matching both a criminal record and the sex-offender register counts in each row
              {view.both > 0 ? `: ${plural(view.both, "outcome", "outcomes")} here did.` : "; none here did."}
            </p>
            <OutcomeTable rows={view.byMatch} first="Match" label="False-match rate by match" testId="outcomes-match" />
          </Section>
          {view.severalProperties ? (
            <Section id="outcomes-by-property" title="By property">
              <OutcomePropertyTable view={view} />
            </Section>
          ) : null}
          <Section id="outcomes-by-source" title="By scan source">
            <OutcomeTable
              rows={view.bySource}
              first="Source"
              label="False-match rate by scan source"
              testId="outcomes-source"
            />
          </Section>
          <Section id="outcomes-by-month" title="By month">
            <OutcomeTable
              rows={view.byMonth}
              first="Month"
              label="False-match rate by month of the list's day"
              testId="outcomes-month"
              detail={monthPart}
            />
          </Section>
        </>
      ) : null}
    </div>
  );
}
