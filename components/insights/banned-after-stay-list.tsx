"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { UtcInstant } from "@/components/ui/utc-instant";
import { formatCalendarDay } from "@/lib/core/format";
import { searchBannedAfterStay } from "@/lib/features/insights/actions";
import { stayHref } from "@/lib/features/insights/banned";
import { BANNED_PATH, bannedHref, MAX_BANNED_SEARCH } from "@/lib/features/insights/banned-view";
import type { BannedAfterStayPage } from "@/lib/features/insights/server";

const count = (n: number) => n.toLocaleString("en-US");
const stays = (n: number) => `${count(n)} ${n === 1 ? "stay" : "stays"}`;

/** Where the list stands: the filters of its address (the name search is never one of them). */
interface Place {
  property: string | null;
  from: string | null;
  to: string | null;
}

/** The property and day filters: a plain GET form, so a filtered list is an address to share. */
function BannedFilter({ list }: { list: BannedAfterStayPage }) {
  const router = useRouter();
  const bounds = { min: list.days.from ?? undefined, max: list.days.to ?? undefined };
  return (
    <form
      action={BANNED_PATH}
      method="get"
      // With script, the address leaves out what is not chosen (a bare form would send "from=&to=").
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => {
          const value = form.get(name);
          return typeof value === "string" && value !== "" ? value : null;
        };
        router.push(bannedHref({ property: text("property"), from: text("from"), to: text("to") }));
      }}
      className="flex flex-wrap items-end gap-3"
      aria-label="Filter the list"
      data-testid="banned-filter"
    >
      {list.properties.length > 1 ? (
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
      ) : null}
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <TextField
          id="banned-from"
          name="from"
          type="date"
          label="Stored from"
          defaultValue={list.range.from ?? ""}
          {...bounds}
        />
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <TextField id="banned-to" name="to" type="date" label="to" defaultValue={list.range.to ?? ""} {...bounds} />
      </div>
      <Button type="submit" size="field" variant="secondary">
        Show
      </Button>
      {list.property || list.range.from || list.range.to ? (
        <Link href={BANNED_PATH} className="pb-2 text-sm text-sky-800 underline">
          Every property and day
        </Link>
      ) : null}
    </form>
  );
}

/**
 * The name search: sent with an action, so a guest's name never sits in the address, the
 * browser's history or an access log. "Clear" goes back to the list of the address.
 */
function BannedSearch({
  search,
  pending,
  onSearch,
  onClear,
}: {
  search: string;
  pending: boolean;
  onSearch: (q: string) => void;
  onClear: () => void;
}) {
  const [text, setText] = useState(search);
  return (
    <form
      role="search"
      aria-label="Search the list by name"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <div className="w-full min-w-0 sm:w-72">
        <TextField
          id="banned-search"
          name="q"
          type="search"
          label="Guest's name"
          autoComplete="off"
          maxLength={MAX_BANNED_SEARCH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" size="field" variant="secondary" disabled={pending}>
        {pending ? "Searching…" : "Search"}
      </Button>
      {search ? (
        <Button
          type="button"
          size="field"
          variant="secondary"
          onClick={() => {
            setText("");
            onClear();
          }}
        >
          Clear search
        </Button>
      ) : null}
    </form>
  );
}

/** The stays whose guests were banned after them, newest ban first, a page at a time, each leading to its stored day. */
export function BannedAfterStayTable({ list: addressed }: { list: BannedAfterStayPage }) {
  const [searched, setSearched] = useState<BannedAfterStayPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const list = searched ?? addressed;
  const place: Place = { property: addressed.property?.label ?? null, ...addressed.range };
  const last = list.first + list.rows.length - 1;

  const ask = (q: string, page = 1) =>
    startTransition(async () => {
      setError(null);
      if (q.trim() === "") {
        setSearched(null);
        return;
      }
      const answer = await searchBannedAfterStay({
        property: place.property ?? undefined,
        from: place.from ?? undefined,
        to: place.to ?? undefined,
        page: String(page),
        q,
      }).catch(() => null);
      if (answer === null) setError("Daybook could not be reached. Check the connection and try again.");
      else if (!answer.ok) setError(answer.fieldErrors ? Object.values(answer.fieldErrors)[0]! : answer.message);
      else setSearched(answer.data ?? null);
    });
  const pageControl = (page: number, text: string, arrow: "←" | "→") =>
    searched ? (
      <button type="button" className={buttonClass("secondary", "sm")} onClick={() => ask(searched.search, page)}>
        {arrow === "←" ? <span aria-hidden>←</span> : null}
        {text}
        {arrow === "→" ? <span aria-hidden>→</span> : null}
      </button>
    ) : (
      <Link href={bannedHref({ ...place, page })} className={buttonClass("secondary", "sm")}>
        {arrow === "←" ? <span aria-hidden>←</span> : null}
        {text}
        {arrow === "→" ? <span aria-hidden>→</span> : null}
      </Link>
    );

  const heading = [
    stays(list.total),
    list.property ? ` at ${list.property.label}` : "",
    list.range.from || list.range.to ? ` stored ${rangeWords(list.range)}` : "",
    list.search ? ` whose guest’s name matches “${list.search}”` : "",
    ", newest ban first",
  ].join("");

  return (
    <div className="space-y-4">
      {addressed.purgedNote ? (
        <Notice tone="info" title="Older days are not covered">
          {addressed.purgedNote}
        </Notice>
      ) : null}
      {addressed.unknownProperty !== null ? (
        <Notice tone="info" title="No such property in this list">
          None of the stays listed is at “{addressed.unknownProperty}”: the whole list is shown.
        </Notice>
      ) : null}
      {addressed.invalidDays.length > 0 ? (
        <Notice tone="info" title="Not a day">
          “{addressed.invalidDays.join("”, “")}” is not a day Daybook can read (days are written YYYY-MM-DD): that end
          of the range is left open.
        </Notice>
      ) : null}
      {addressed.all === 0 ? (
        <EmptyState title="No guest of your properties was banned after their stay">
          Among the stays Daybook keeps, every guest banned now was already matched against the ban at check-in.
        </EmptyState>
      ) : (
        <section aria-labelledby="banned-list" className={`p-4 sm:p-5 ${cardClass}`}>
          <div className="mb-4 space-y-3">
            <BannedFilter list={addressed} />
            <BannedSearch
              search={searched?.search ?? ""}
              pending={pending}
              onSearch={(q) => ask(q)}
              onClear={() => {
                setError(null);
                setSearched(null);
              }}
            />
            {error ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                <span aria-hidden>⚠ </span>
                {error}
              </p>
            ) : null}
          </div>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="banned-list" className="text-base font-semibold text-stone-900" aria-live="polite">
              {heading}
            </h2>
            <ExportButton
              table="banned-after-stay"
              params={{ ...place, q: list.search || undefined }}
              disabled={list.total === 0}
              what="the guests banned after their stay"
            />
          </div>
          {list.pages > 1 ? (
            <p className="mb-2 text-sm text-stone-700" data-testid="banned-range">
              Stays {count(list.first)}–{count(last)} of {count(list.total)}
            </p>
          ) : null}
          {list.total === 0 ? (
            <p className="text-sm text-stone-700" data-testid="banned-none">
              No stay matches these filters{list.search ? " and this name" : ""}.
            </p>
          ) : (
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
          )}
          {list.pages > 1 ? (
            <nav aria-label="Banned after the stay pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              {list.page > 1 ? pageControl(list.page - 1, "Previous", "←") : null}
              <span className="text-stone-700" data-testid="banned-page">
                Page {list.page} of {list.pages}
              </span>
              {list.page < list.pages ? pageControl(list.page + 1, "Next", "→") : null}
            </nav>
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

/** "from Nov 2, 2026 to Nov 9, 2026", "from …", "up to …". */
function rangeWords(range: { from: string | null; to: string | null }): string {
  if (range.from && range.to)
    return range.from === range.to
      ? `on ${formatCalendarDay(range.from)}`
      : `from ${formatCalendarDay(range.from)} to ${formatCalendarDay(range.to)}`;
  return range.from ? `from ${formatCalendarDay(range.from)}` : `up to ${formatCalendarDay(range.to!)}`;
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
