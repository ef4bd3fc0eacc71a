import Link from "next/link";

import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import { PropertyInstant } from "@/components/ui/utc-instant";
import { formatCalendarDay } from "@/lib/core/format";
import { formatDuration } from "@/lib/features/comparison/acknowledgement";
import { responseHref } from "@/lib/features/investigations/response-view";
import type { AlertResponse, UnacknowledgedAlert } from "@/lib/features/investigations/server";

const count = (n: number) => n.toLocaleString("en-US");

/** Where an alert's list opens: the criminal arrivals of its day, narrowed to its property where the API can. */
function listHref(alert: UnacknowledgedAlert): string {
  const params = new URLSearchParams({ day: alert.day });
  // A shared name is refused as a filter, as the API refuses it: its list opens with the whole day.
  if (alert.filterName) params.set("property", alert.filterName);
  return `/criminal-arrivals?${params}`;
}

/** The alerts the desk never acknowledged: how long they have waited, then each, oldest first, a page at a time. */
export function ResponseUnacknowledged({ view }: { view: AlertResponse }) {
  const page = view.unacknowledged;
  const last = page.first + page.rows.length - 1;
  const href = (to: number) =>
    responseHref({ window: view.window, property: view.property, page: view.properties.page, alerts: to });
  if (page.total === 0) {
    return (
      <p className="text-sm text-stone-700" data-testid="response-unacknowledged-none">
        {view.overall.alerts === 0
          ? "No alerts, so none waiting."
          : "Every alert of these days was acknowledged by the desk."}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-2" aria-label="How long they have waited" data-testid="response-ageing">
        {view.ageing.map((bucket) => (
          <li
            key={bucket.label}
            className="rounded-md border border-stone-200 bg-stone-50 px-3 py-1.5 text-sm text-stone-800"
            data-testid="response-ageing-bucket"
          >
            {bucket.label}: <span className="font-semibold tabular-nums">{count(bucket.alerts)}</span>
          </li>
        ))}
      </ul>
      {page.pages > 1 ? (
        <p className="text-sm text-stone-700" data-testid="response-unacknowledged-range">
          Alerts {count(page.first)}–{count(last)} of {count(page.total)}, longest waiting first
        </p>
      ) : null}
      <ScrollTable label="Alerts not acknowledged" minWidth="min-w-[40rem]" testId="response-unacknowledged">
        <caption className="sr-only">Alerts not acknowledged, longest waiting first</caption>
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
            <th scope="col" className="px-3 py-2">
              Property
            </th>
            <th scope="col" className="px-3 py-2">
              Check-in, property&apos;s time
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Waiting
            </th>
            <th scope="col" className="px-3 py-2">
              List
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
              <td className="px-3 py-2 text-right tabular-nums" data-column="age">
                {formatDuration(alert.ageMs)}
              </td>
              <td className="px-3 py-2">
                <Link className="text-sky-800 underline" href={listHref(alert)}>
                  Criminal arrivals of {formatCalendarDay(alert.day)}
                  <span className="sr-only"> at {alert.label}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {page.pages > 1 ? (
        <Pager
          label="Alerts not acknowledged pages"
          previous={page.page > 1 ? { href: href(page.page - 1), text: "Previous" } : null}
          next={page.page < page.pages ? { href: href(page.page + 1), text: "Next" } : null}
        >
          <span className="text-stone-700">
            Page {page.page} of {page.pages}
          </span>
        </Pager>
      ) : null}
    </div>
  );
}
