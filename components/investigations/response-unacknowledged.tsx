import { useTranslations } from "next-intl";

import { PropertyInstant } from "@/components/ui/instants";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import { describeDuration } from "@/lib/features/comparison/acknowledgement";
import { responseHref } from "@/lib/features/investigations/response-view";
import type { AlertResponse, UnacknowledgedAlert } from "@/lib/features/investigations/server";

import { DayLink, PagedList } from "./list-parts";
import { numClass, thClass } from "./screen-parts";

/** Where an alert's list opens: the criminal arrivals of its day, narrowed to its property where the API can. */
function listHref(alert: UnacknowledgedAlert): string {
  const params = new URLSearchParams({ day: alert.day });
  // A shared name is refused as a filter, as the API refuses it: its list opens with the whole day.
  if (alert.filterName) params.set("property", alert.filterName);
  return `/criminal-arrivals?${params}`;
}

/** The alerts the desk never acknowledged: how long they have waited, then each, oldest first, a page at a time. */
export function ResponseUnacknowledged({ view, format }: { view: AlertResponse; format: Formatter }) {
  const t = useTranslations("investigations.response.unacknowledged");
  const duration = useTranslations("properties.duration");
  const page = view.unacknowledged;
  if (page.total === 0) {
    return (
      <p className="text-sm text-stone-700" data-testid="response-unacknowledged-none">
        {view.overall.alerts === 0 ? t("noAlerts") : t("allAcknowledged")}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-2" aria-label={t("ageingLabel")} data-testid="response-ageing">
        {view.ageing.map((bucket) => (
          <li
            key={bucket.key}
            className="rounded-md border border-stone-200 bg-stone-50 px-3 py-1.5 text-sm text-stone-800"
            data-testid="response-ageing-bucket"
          >
            {t.rich("bucket", {
              label: t(`ageing.${bucket.key}`),
              alerts: format.number(bucket.alerts),
              figure: (chunks) => <span className="font-semibold tabular-nums">{chunks}</span>,
            })}
          </li>
        ))}
      </ul>
      <PagedList
        page={page}
        noun="alertsWaiting"
        rangeTestId="response-unacknowledged-range"
        rangeClassName="text-sm text-stone-700"
        pagerLabel={t("pages")}
        format={format}
        href={(alerts) =>
          responseHref({
            window: view.window,
            property: view.property,
            sort: view.sort,
            page: view.properties.page,
            alerts,
          })
        }
      >
        <ScrollTable label={t("label")} minWidth="min-w-[40rem]" testId="response-unacknowledged">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
              <th scope="col" className={thClass}>
                {t("property")}
              </th>
              <th scope="col" className={thClass}>
                {t("checkIn")}
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                {t("waiting")}
              </th>
              <th scope="col" className={thClass}>
                {t("list")}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((alert, index) => (
              <tr
                key={`${alert.label}|${alert.checkInAtUtc}|${index}`}
                className="border-b border-stone-100 last:border-0"
                data-testid="response-unacknowledged-row"
              >
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="property">
                  {alert.label}
                </th>
                <td className="px-3 py-2" data-column="check-in">
                  <PropertyInstant at={alert.checkInAtUtc} zone={alert.zone} />
                </td>
                <td className={numClass} data-column="age">
                  {describeDuration(duration, format, alert.ageMs)}
                </td>
                <td className="px-3 py-2">
                  <DayLink
                    href={listHref(alert)}
                    list="criminalArrivals"
                    day={alert.day}
                    label={alert.label}
                    format={format}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </PagedList>
    </div>
  );
}
