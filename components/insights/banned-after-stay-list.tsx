import Link from "next/link";

import { Button } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { ScrollTable } from "@/components/ui/scroll-table";
import { UtcInstant } from "@/components/ui/utc-instant";
import { formatCalendarDay } from "@/lib/core/format";
import { stayHref } from "@/lib/features/insights/banned";
import { BANNED_PATH, bannedHref } from "@/lib/features/insights/banned-view";
import type { BannedAfterStayPage } from "@/lib/features/insights/server";

const count = (n: number) => n.toLocaleString("en-US");
const stays = (n: number) => `${count(n)} ${n === 1 ? "stay" : "stays"}`;

/** The property filter: a plain GET form, so a filtered list is an address to share. */
function BannedFilter({ list }: { list: BannedAfterStayPage }) {
  return (
    <form
      action={BANNED_PATH}
      method="get"
      className="mb-4 flex flex-wrap items-end gap-3"
      aria-label="Filter the list"
      data-testid="banned-filter"
    >
      <div className="w-full min-w-0 sm:w-auto sm:max-w-md">
        <SelectField id="banned-property" name="property" label="Property" defaultValue={list.property?.label ?? ""}>
          <option value="">All your properties — {stays(list.all)}</option>
          {list.properties.map((property) => (
            <option key={property.label} value={property.label}>
              {property.label} — {stays(property.stays)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
    </form>
  );
}

/** The stays whose guests were banned after them, newest ban first, a page at a time, each leading to its stored day. */
export function BannedAfterStayTable({ list }: { list: BannedAfterStayPage }) {
  const place = { property: list.property?.label ?? null };
  const last = list.first + list.rows.length - 1;
  return (
    <div className="space-y-4">
      {list.purgedNote ? (
        <Notice tone="info" title="Older days are not covered">
          {list.purgedNote}
        </Notice>
      ) : null}
      {list.unknownProperty !== null ? (
        <Notice tone="info" title="No such property in this list">
          None of the stays listed is at “{list.unknownProperty}”: the whole list is shown.
        </Notice>
      ) : null}
      {list.all === 0 ? (
        <EmptyState title="No guest of your properties was banned after their stay">
          Among the stays Daybook keeps, every guest banned now was already matched against the ban at check-in.
        </EmptyState>
      ) : (
        <section aria-labelledby="banned-list" className={`p-4 sm:p-5 ${cardClass}`}>
          <h2 id="banned-list" className="mb-3 text-base font-semibold text-stone-900">
            {stays(list.total)}
            {list.property ? ` at ${list.property.label}` : ""}, newest ban first
          </h2>
          {list.properties.length > 1 ? <BannedFilter list={list} /> : null}
          {list.pages > 1 ? (
            <p className="mb-2 text-sm text-stone-700" data-testid="banned-range">
              Stays {count(list.first)}–{count(last)} of {count(list.total)}
            </p>
          ) : null}
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
              {list.rows.map((entry) => (
                <tr
                  key={`${entry.ref.reportId}:${entry.ref.position}`}
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
          {list.pages > 1 ? (
            <Pager
              label="Banned after the stay pages"
              previous={
                list.page > 1 ? { href: bannedHref({ ...place, page: list.page - 1 }), text: "Previous" } : null
              }
              next={
                list.page < list.pages ? { href: bannedHref({ ...place, page: list.page + 1 }), text: "Next" } : null
              }
            >
              <span className="text-stone-700" data-testid="banned-page">
                Page {list.page} of {list.pages}
              </span>
            </Pager>
          ) : null}
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
