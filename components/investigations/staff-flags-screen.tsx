import { useTranslations } from "next-intl";

import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import type { Formatter } from "@/lib/core/format";
import { MIN_SCANS } from "@/lib/features/insights/unusual";
import type { StaffFlagProperty, StaffFlags } from "@/lib/features/investigations/server";
import { MIN_PROPERTIES } from "@/lib/features/investigations/staff-flags-figures";

import { FigureTile, PartSection, UnknownPropertyNotice } from "./screen-parts";
import { StaffFlagsHowJudged } from "./staff-flags-how-judged";
import { oneDecimal, StaffFlagPropertyTable, StaffFlagWeekdayTable } from "./staff-flags-tables";
import { WindowPropertyControls } from "./window-property-form";

const upToOneDecimal = (format: Formatter, value: number) => format.number(value, { maximumFractionDigits: 1 });

/** The group's range, or why there is none. */
function RangeLine({ view, format }: { view: StaffFlags; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags.range");
  const baseline = view.baseline;
  return (
    <p className="text-sm text-stone-700" data-testid="staff-flags-range">
      {baseline.kind === "baseline"
        ? t("usual", {
            low: upToOneDecimal(format, Math.max(0, baseline.median - baseline.spread)),
            high: upToOneDecimal(format, baseline.median + baseline.spread),
            median: oneDecimal(format, baseline.median),
            properties: format.number(baseline.days),
          })
        : t("notJudged", {
            count: baseline.days,
            n: format.number(baseline.days),
            minScans: MIN_SCANS,
            minProperties: MIN_PROPERTIES,
          })}
    </p>
  );
}

/** A property far outside the group's range, in one sentence with its counts. */
function FarSentence({ entry, view, format }: { entry: StaffFlagProperty; view: StaffFlags; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags");
  const judgement = entry.judgement;
  if (judgement.kind !== "far-above" && judgement.kind !== "far-below") return null;
  return t("far.sentence", {
    label: entry.label,
    value: oneDecimal(format, entry.per100 ?? 0),
    flagged: format.number(entry.flagged),
    arrivals: format.number(entry.arrivals),
    low: upToOneDecimal(format, judgement.low),
    high: upToOneDecimal(format, judgement.high),
    properties: format.number(view.baseline.days),
  });
}

function Headline({ view, format }: { view: StaffFlags; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags.headline");
  const overall = view.overall;
  const n = format.number;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FigureTile
        testId="staff-flags-per100"
        label={t("per100")}
        value={overall.per100 === null ? t("noArrivals") : oneDecimal(format, overall.per100)}
      />
      <FigureTile
        testId="staff-flags-flagged"
        label={t("flagged")}
        value={n(overall.flagged)}
        detail={t("flaggedDetail", { arrivals: n(overall.arrivals) })}
      />
      <FigureTile
        testId="staff-flags-unmatched"
        label={t("unmatched")}
        value={
          overall.unmatchedShare === null
            ? t("noneFlagged")
            : t("share", { share: oneDecimal(format, overall.unmatchedShare) })
        }
        detail={t("unmatchedDetail", { unmatched: n(overall.flaggedUnmatched), flagged: n(overall.flagged) })}
      />
      <FigureTile
        testId="staff-flags-days"
        label={t("storedDays")}
        value={n(view.storedDays)}
        detail={t("storedDaysDetail", { window: view.window })}
      />
    </div>
  );
}

/** Staff flags: the figures first, the properties far outside the group said in words, then each property and weekday. */
export function StaffFlagsScreen({ view, csv, format }: { view: StaffFlags; csv: boolean; format: Formatter }) {
  const t = useTranslations("investigations.staffFlags");
  const section = { table: "investigation-staff-flags", view, csv } as const;
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
      <section aria-label={t("figures")} className="space-y-3" data-testid="staff-flags-figures">
        {view.overall.arrivals === 0 ? (
          <EmptyState title={t("empty.title")}>
            {view.property
              ? t("empty.bodyAt", { property: view.property, window: view.window })
              : t("empty.body", { window: view.window })}
          </EmptyState>
        ) : (
          <Headline view={view} format={format} />
        )}
        {view.far.length > 0 ? (
          <Notice tone="warning" title={t("far.title")}>
            <ul className="list-disc space-y-1 pl-5" data-testid="staff-flags-far">
              {view.far.map((entry) => (
                <li key={entry.label}>
                  <FarSentence entry={entry} view={view} format={format} />
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}
        <RangeLine view={view} format={format} />
      </section>
      <StaffFlagsHowJudged view={view} format={format} />
      <PartSection
        {...section}
        id="staff-flags-by-property"
        title={t("sections.byProperty")}
        what={t("csv.byProperty")}
        part="properties"
      >
        <StaffFlagPropertyTable view={view} format={format} />
      </PartSection>
      <PartSection
        {...section}
        id="staff-flags-by-weekday"
        title={t("sections.byWeekday")}
        what={t("csv.byWeekday")}
        part="weekdays"
      >
        <StaffFlagWeekdayTable view={view} format={format} />
      </PartSection>
    </div>
  );
}
