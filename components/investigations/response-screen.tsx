import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { formatDuration } from "@/lib/features/comparison/acknowledgement";
import type { AlertResponse } from "@/lib/features/investigations/server";

import { ResponseHowJudged } from "./response-how-judged";
import { ResponsePropertyTable, ResponseSlotTable } from "./response-tables";
import { ResponseUnacknowledged } from "./response-unacknowledged";
import { count, FigureTile, PartSection, UnknownPropertyNotice } from "./screen-parts";
import { WindowPropertyControls } from "./window-property-form";

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

/** The zones the hours and weekdays are read in, named, and what was left out for want of one. */
function ZonesLine({ view }: { view: AlertResponse }) {
  const zones = view.zones;
  return (
    <p className="mb-3 text-sm text-stone-700" data-testid="response-zones">
      {zones.length === 1
        ? `In the property's own time, ${zones[0]}.`
        : `Each alert in its property's own time (${zones.join(", ")}).`}
      {view.unzoned > 0
        ? ` ${count(view.unzoned)} ${view.unzoned === 1 ? "alert is" : "alerts are"} left out: Daybook does not know ${view.unzoned === 1 ? "its" : "their"} property's zone.`
        : ""}
    </p>
  );
}

function Headline({ view }: { view: AlertResponse }) {
  const figures = view.overall;
  const allNotKept = view.properties.total > 0 && view.notKept === view.properties.total;
  if (allNotKept) {
    return (
      <Notice tone="info" title="Not kept">
        {view.properties.total === 1 ? "This property's" : "These properties'"} privacy policy keeps no criminal
        details, so Daybook holds no alerts and no acknowledgements for {view.properties.total === 1 ? "it" : "them"}.
      </Notice>
    );
  }
  if (figures.alerts === 0) {
    return (
      <EmptyState title="No alerts">
        No criminal arrival in the {view.storedDays} stored {view.storedDays === 1 ? "day" : "days"} of the last{" "}
        {view.window} days: there was nothing for the desk to acknowledge.
      </EmptyState>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FigureTile
        testId="response-p50"
        label="Half the acknowledged alerts within (50th percentile)"
        value={figures.p50Ms === null ? "None acknowledged" : formatDuration(figures.p50Ms)}
        detail={`over ${count(figures.acknowledged)} acknowledged ${figures.acknowledged === 1 ? "alert" : "alerts"}`}
      />
      <FigureTile
        testId="response-p90"
        label="Nine in ten within (90th percentile)"
        value={figures.p90Ms === null ? "None acknowledged" : formatDuration(figures.p90Ms)}
      />
      <FigureTile
        testId="response-alerts"
        label="Alerts"
        value={count(figures.alerts)}
        detail={`in ${view.storedDays} stored ${view.storedDays === 1 ? "day" : "days"} of the last ${view.window}`}
      />
      <FigureTile
        testId="response-not-acknowledged"
        label="Not acknowledged"
        value={count(figures.notAcknowledged)}
        detail={`${percent(figures.notAcknowledged, figures.alerts)} of the alerts`}
      />
    </div>
  );
}

/** Alert response: the figures first, how they are judged in a line, then by property, hour, weekday, and the alerts waiting. */
export function ResponseScreen({ view, csv }: { view: AlertResponse; csv: boolean }) {
  const ranked = view.ranked;
  const someNotKept = view.notKept > 0 && view.notKept < view.properties.total;
  const section = { table: "investigation-response", what: "the alert response", view, csv } as const;
  return (
    <div className="space-y-6">
      <WindowPropertyControls
        screen="response"
        window={view.window}
        property={view.property}
        choices={view.choices}
        // The property table's order is kept.
        hidden={view.sort !== "fastest" ? { sort: view.sort } : {}}
      />
      <UnknownPropertyNotice asked={view.unknownProperty} />
      <section aria-label="Alert response figures" className="space-y-3" data-testid="response-figures">
        <Headline view={view} />
        {someNotKept ? (
          <p className="text-sm text-stone-700">
            {count(view.notKept)} of these properties keep no criminal details: they are shown as not kept and count in
            no figure.
          </p>
        ) : null}
      </section>
      <ResponseHowJudged view={view} ranked={ranked} />
      {view.choices.length > 0 ? (
        <PartSection
          {...section}
          id="response-by-property"
          title={ranked ? "Ranking" : "By property"}
          part="properties"
        >
          <ResponsePropertyTable view={view} ranked={ranked} />
        </PartSection>
      ) : null}
      {view.overall.alerts > 0 ? (
        <>
          <PartSection {...section} id="response-by-hour" title="By hour of check-in" part="hours">
            <ZonesLine view={view} />
            <ResponseSlotTable
              rows={view.hours}
              first="Hour"
              label="Alert response by hour of check-in"
              testId="response-hours"
            />
          </PartSection>
          <PartSection {...section} id="response-by-weekday" title="By weekday of check-in" part="weekdays">
            <ZonesLine view={view} />
            <ResponseSlotTable
              rows={view.weekdays}
              first="Weekday"
              label="Alert response by weekday of check-in"
              testId="response-weekdays"
            />
          </PartSection>
          <PartSection
            {...section}
            id="response-not-acknowledged"
            title="Alerts not acknowledged"
            part="unacknowledged"
            csv={csv && view.unacknowledged.total > 0}
          >
            <ResponseUnacknowledged view={view} />
          </PartSection>
        </>
      ) : null}
    </div>
  );
}
