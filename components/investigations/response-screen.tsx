import { useTranslations } from "next-intl";

import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import type { Formatter } from "@/lib/core/format";
import { describeDuration } from "@/lib/features/comparison/acknowledgement";
import type { AlertResponse } from "@/lib/features/investigations/server";

import { ResponseHowJudged } from "./response-how-judged";
import { ResponsePropertyTable, ResponseSlotTable, type SlotRow } from "./response-tables";
import { ResponseUnacknowledged } from "./response-unacknowledged";
import { FigureTile, PartSection, UnknownPropertyNotice } from "./screen-parts";
import { WindowPropertyControls } from "./window-property-form";

/** The zones the hours and weekdays are read in, named, and what was left out for want of one. */
function ZonesLine({ view, format }: { view: AlertResponse; format: Formatter }) {
  const t = useTranslations("investigations.response");
  return (
    <p className="mb-3 text-sm text-stone-700" data-testid="response-zones">
      {t("zones", {
        count: view.zones.length,
        zones: view.zones.join(", "),
        unzoned: view.unzoned,
        n: format.number(view.unzoned),
      })}
    </p>
  );
}

function Headline({ view, format }: { view: AlertResponse; format: Formatter }) {
  const t = useTranslations("investigations.response.headline");
  const duration = useTranslations("properties.duration");
  const figures = view.overall;
  const n = format.number;
  const allNotKept = view.properties.total > 0 && view.notKept === view.properties.total;
  if (allNotKept) {
    return (
      <Notice tone="info" title={t("notKept.title")}>
        {t("notKept.body", { count: view.properties.total })}
      </Notice>
    );
  }
  if (figures.alerts === 0) {
    return (
      <EmptyState title={t("empty.title")}>
        {t("empty.body", { storedDays: view.storedDays, window: view.window })}
      </EmptyState>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FigureTile
        testId="response-p50"
        label={t("p50")}
        value={figures.p50Ms === null ? t("noneAcknowledged") : describeDuration(duration, format, figures.p50Ms)}
        detail={t("p50Detail", { count: figures.acknowledged, n: n(figures.acknowledged) })}
      />
      <FigureTile
        testId="response-p90"
        label={t("p90")}
        value={figures.p90Ms === null ? t("noneAcknowledged") : describeDuration(duration, format, figures.p90Ms)}
      />
      <FigureTile
        testId="response-alerts"
        label={t("alerts")}
        value={n(figures.alerts)}
        detail={t("alertsDetail", { storedDays: view.storedDays, window: view.window })}
      />
      <FigureTile
        testId="response-not-acknowledged"
        label={t("notAcknowledged")}
        value={n(figures.notAcknowledged)}
        detail={t("notAcknowledgedDetail", {
          share: n((figures.notAcknowledged / figures.alerts) * 100, {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
        })}
      />
    </div>
  );
}

/**
 * The breakdowns' rows in the person's habits: hours on their clock ("9 AM–10 AM", "09:00–10:00"),
 * weekdays in the order of their week. The view holds hours from midnight and weekdays from Monday.
 */
function slotRows(view: AlertResponse, format: Formatter, hourSlot: (from: string, to: string) => string) {
  const hours: SlotRow[] = view.hours.map((row, hour) => ({
    key: hour,
    name: hourSlot(format.hour(hour), format.hour((hour + 1) % 24)),
    figures: row.figures,
  }));
  const weekdays: SlotRow[] = format.weekOrder().map((weekday) => ({
    key: weekday,
    name: format.weekday(weekday),
    figures: view.weekdays[weekday - 1]!.figures,
  }));
  return { hours, weekdays };
}

/** Alert response: the figures first, how they are judged in a line, then by property, hour, weekday, and the alerts waiting. */
export function ResponseScreen({ view, csv, format }: { view: AlertResponse; csv: boolean; format: Formatter }) {
  const t = useTranslations("investigations.response");
  const ranked = view.ranked;
  const someNotKept = view.notKept > 0 && view.notKept < view.properties.total;
  const section = { table: "investigation-response", view, csv } as const;
  const slots = slotRows(view, format, (from, to) => t("hourSlot", { from, to }));
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
      <section aria-label={t("figures")} className="space-y-3" data-testid="response-figures">
        <Headline view={view} format={format} />
        {someNotKept ? (
          <p className="text-sm text-stone-700">
            {t("someNotKept", { count: view.notKept, n: format.number(view.notKept) })}
          </p>
        ) : null}
      </section>
      <ResponseHowJudged view={view} ranked={ranked} format={format} />
      {view.choices.length > 0 ? (
        <PartSection
          {...section}
          id="response-by-property"
          title={ranked ? t("sections.ranking") : t("sections.byProperty")}
          what={ranked ? t("csv.ranking") : t("csv.byProperty")}
          part="properties"
        >
          <ResponsePropertyTable view={view} ranked={ranked} format={format} />
        </PartSection>
      ) : null}
      {view.overall.alerts > 0 ? (
        <>
          <PartSection
            {...section}
            id="response-by-hour"
            title={t("sections.byHour")}
            what={t("csv.byHour")}
            part="hours"
          >
            <ZonesLine view={view} format={format} />
            <ResponseSlotTable
              rows={slots.hours}
              first={t("slots.hour")}
              label={t("slots.hourLabel")}
              testId="response-hours"
              format={format}
            />
          </PartSection>
          <PartSection
            {...section}
            id="response-by-weekday"
            title={t("sections.byWeekday")}
            what={t("csv.byWeekday")}
            part="weekdays"
          >
            <ZonesLine view={view} format={format} />
            <ResponseSlotTable
              rows={slots.weekdays}
              first={t("slots.weekday")}
              label={t("slots.weekdayLabel")}
              testId="response-weekdays"
              format={format}
            />
          </PartSection>
          <PartSection
            {...section}
            id="response-not-acknowledged"
            title={t("sections.unacknowledged")}
            what={t("csv.unacknowledged")}
            part="unacknowledged"
            csv={csv && view.unacknowledged.total > 0}
          >
            <ResponseUnacknowledged view={view} format={format} />
          </PartSection>
        </>
      ) : null}
    </div>
  );
}
