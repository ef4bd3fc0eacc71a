import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { EmptyState } from "@/components/ui/empty-state";
import type { Formatter } from "@/lib/core/format";
import { MIN_DECIDED } from "@/lib/features/investigations/outcome-rates";
import { formatRate, monthName, type OutcomeRow } from "@/lib/features/investigations/outcome-view";
import type { OutcomeView } from "@/lib/features/investigations/server";

import { OutcomeHowJudged } from "./outcome-how-judged";
import { MonthPart, OutcomePropertyTable, OutcomeTable } from "./outcome-tables";
import { FigureTile, InvestigationSection, UnknownPropertyNotice } from "./screen-parts";
import { WindowPropertyControls } from "./window-property-form";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <InvestigationSection id={id} title={title} className="min-w-0" testId={id}>
      {children}
    </InvestigationSection>
  );
}

/** The figures of the whole view first: the rate, and every count it is drawn from or leaves out. */
function Headline({ view, format }: { view: OutcomeView; format: Formatter }) {
  const t = useTranslations("investigations.outcomes.headline");
  const total = view.total;
  const n = format.number;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FigureTile
        testId="outcomes-rate"
        label={t("rate")}
        value={formatRate(total, format) ?? t("tooFew")}
        detail={
          total.tooFew
            ? t("tooFewDetail", { decided: total.decided, decidedN: n(total.decided), min: n(MIN_DECIDED) })
            : t("rateDetail", {
                falseMatches: n(total.falseMatches),
                decided: total.decided,
                decidedN: n(total.decided),
              })
        }
      />
      <FigureTile
        testId="outcomes-settled"
        label={t("settled")}
        value={n(total.decided)}
        detail={t("settledDetail", {
          confirmed: n(total.confirmed),
          falseMatches: n(total.falseMatches),
          outdated: n(total.outdated),
        })}
      />
      <FigureTile
        testId="outcomes-unsettled"
        label={t("unverified")}
        value={n(total.unverified)}
        detail={t("unverifiedDetail", { noOutcome: total.noOutcome, noOutcomeN: n(total.noOutcome) })}
      />
      <FigureTile
        testId="outcomes-police"
        label={t("police")}
        value={n(total.policeContacted)}
        detail={t("policeDetail")}
      />
    </div>
  );
}

/** Match rows by their key: a criminal record, a sex offender, or a review that kept no match. */
const MATCH_KEYS: Record<string, "criminalRecord" | "sexOffender"> = {
  criminal_record: "criminalRecord",
  sex_offender: "sexOffender",
};

/** Match outcomes: the figures first, how they are judged in a line, then by match, property, source and month. */
export function OutcomeScreen({ view, csv, format }: { view: OutcomeView; csv: boolean; format: Formatter }) {
  const t = useTranslations("investigations.outcomes");
  const reviews = view.total.decided + view.total.unverified + view.total.noOutcome;
  const matchName = (row: OutcomeRow) => {
    const key = MATCH_KEYS[row.key];
    return t(`match.${key ?? "notRecorded"}`);
  };
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
            what={t("csv")}
          />
        ) : null}
      </div>
      {view.unknownProperty !== null ? (
        <UnknownPropertyNotice asked={view.unknownProperty}>
          {t("unknownProperty", { asked: view.unknownProperty })}
        </UnknownPropertyNotice>
      ) : null}
      <section aria-label={t("figures")} className="space-y-3" data-testid="outcomes-figures">
        {reviews === 0 ? (
          <EmptyState title={t("empty.title")}>
            {view.property
              ? t("empty.bodyAt", { property: view.property.label, window: view.window })
              : t("empty.body", { window: view.window })}
          </EmptyState>
        ) : (
          <Headline view={view} format={format} />
        )}
      </section>
      <OutcomeHowJudged view={view} format={format} />
      {reviews > 0 ? (
        <>
          <Section id="outcomes-by-match" title={t("byMatch.title")}>
            <p className="mb-3 text-sm text-stone-700" data-testid="outcomes-both">
              {t("byMatch.both", { both: view.both, bothN: format.number(view.both) })}
            </p>
            <OutcomeTable
              rows={view.byMatch}
              first={t("byMatch.first")}
              label={t("byMatch.label")}
              testId="outcomes-match"
              name={matchName}
              format={format}
            />
          </Section>
          {view.severalProperties ? (
            <Section id="outcomes-by-property" title={t("byProperty")}>
              <OutcomePropertyTable view={view} format={format} />
            </Section>
          ) : null}
          <Section id="outcomes-by-source" title={t("bySource.title")}>
            <OutcomeTable
              rows={view.bySource}
              first={t("bySource.first")}
              label={t("bySource.label")}
              testId="outcomes-source"
              // The API's own words, as sent; a review that kept no source is said so.
              name={(row) => (row.key === "" ? t("bySource.notRecorded") : row.label)}
              format={format}
            />
          </Section>
          <Section id="outcomes-by-month" title={t("byMonth.title")}>
            <OutcomeTable
              rows={view.byMonth}
              first={t("byMonth.first")}
              label={t("byMonth.label")}
              testId="outcomes-month"
              name={(row) => monthName(row.key, format)}
              detail={(row) => <MonthPart month={row} format={format} />}
              format={format}
            />
          </Section>
        </>
      ) : null}
    </div>
  );
}
