import Link from "next/link";

import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { UtcInstant } from "@/components/ui/utc-instant";
import { formatCalendarDay } from "@/lib/core/format";
import { stayHref } from "@/lib/features/insights/banned";
import type { BannedAfterStayList } from "@/lib/features/insights/server";

/** The stays whose guests were banned after them, newest ban first, each leading to its stored day. */
export function BannedAfterStayTable({ list }: { list: BannedAfterStayList }) {
  return (
    <div className="space-y-4">
      {list.purgedNote ? (
        <Notice tone="info" title="Older days are not covered">
          {list.purgedNote}
        </Notice>
      ) : null}
      {list.entries.length === 0 ? (
        <EmptyState title="No guest of your properties was banned after their stay">
          Among the stays Daybook keeps, every guest banned now was already matched against the ban at check-in.
        </EmptyState>
      ) : (
        <section aria-labelledby="banned-list" className={`p-4 sm:p-5 ${cardClass}`}>
          <h2 id="banned-list" className="mb-3 text-base font-semibold text-stone-900">
            {list.entries.length === 1 ? "1 stay" : `${list.entries.length} stays`}, newest ban first
          </h2>
          <ScrollTable label="Guests banned after their stay" minWidth="min-w-[52rem]" testId="banned-after-stay">
            <caption className="sr-only">Guests banned after their stay, newest ban first</caption>
            <thead>
              <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
                <th scope="col" className="px-3 py-2">
                  Guest
                </th>
                <th scope="col" className="px-3 py-2">
                  Property
                </th>
                <th scope="col" className="px-3 py-2">
                  Stored day of the stay
                </th>
                <th scope="col" className="px-3 py-2">
                  At check-in
                </th>
                <th scope="col" className="px-3 py-2">
                  Ban first seen by Daybook
                </th>
                <th scope="col" className="px-3 py-2">
                  Stored day
                </th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => (
                <tr
                  key={`${entry.day}|${entry.propertyName}|${entry.propertyTimeZone}|${entry.checkInAtUtc}|${entry.name}`}
                  className="border-b border-stone-100 last:border-0"
                  data-testid="banned-row"
                >
                  <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                    {entry.name}
                  </th>
                  <td className="px-3 py-2" data-column="property">
                    {entry.label}
                  </td>
                  <td className="px-3 py-2" data-column="day">
                    {formatCalendarDay(entry.day)}
                  </td>
                  <td className="px-3 py-2" data-column="at-check-in">
                    {entry.atCheckIn === "clear" ? "Screened, no ban" : "No screening record"}
                  </td>
                  <td className="px-3 py-2" data-column="seen">
                    <UtcInstant at={entry.bannedSeenAt} />
                    {entry.seenAtPull ? (
                      <span className="block text-xs text-stone-600">already banned when the day was pulled</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <Link className="text-sky-800 underline" href={stayHref(entry)}>
                      Guests of {formatCalendarDay(entry.day)}
                      <span className="sr-only">
                        {" "}
                        at {entry.label}, to find {entry.name}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <p className="mt-3 text-xs text-stone-600">
            The link opens the guests of that stored day filtered to the property; the guests screen has no way to point
            at one row, so search there for the guest&apos;s name.
          </p>
        </section>
      )}
    </div>
  );
}

/** The Overview's notice: how many bans Daybook first saw in the last 24 hours. */
export function BannedSinceYesterdayNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div data-testid="banned-since-yesterday">
      <Notice
        tone="warning"
        title={`${count} ${count === 1 ? "guest" : "guests"} banned after their stay since yesterday`}
      >
        <Link className="underline" href="/insights/banned-after-stay">
          See who was banned after their stay
        </Link>
      </Notice>
    </div>
  );
}
