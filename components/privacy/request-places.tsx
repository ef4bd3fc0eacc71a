import type { ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { PropertyInstant, UtcInstant } from "@/components/ui/utc-instant";
import { formatDayWithYear } from "@/lib/core/format";
import type { PersonPlaces } from "@/lib/features/privacy-requests/types";

import { plural } from "./request-words";

const CELL = "px-3 py-2 text-left align-top";
const HEAD = `${CELL} font-medium text-stone-600`;

const ENDPOINT_WORDS = { guests: "Guest arrival", "criminal-arrivals": "Criminal arrival" } as const;

/** The counts a confirmation names: what an erasure or a restriction will act on. */
export function placesSummary(places: PersonPlaces): string {
  return `${plural(places.arrivals.length, "stored arrival", "stored arrivals")} on ${plural(places.days.length, "day", "days")} at ${plural(places.properties.length, "property", "properties")}`;
}

function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card title={`${title} (${count.toLocaleString("en-US")})`}>
      {count === 0 ? <p className="text-sm text-stone-600">{empty}</p> : children}
    </Card>
  );
}

/** Where the request looked: what every step of it is limited to. */
function Searched({ searched }: { searched: PersonPlaces["searched"] }) {
  return (
    <p className="text-sm text-stone-700" data-testid="places-searched">
      {searched.allProperties ? (
        <>Searched every property of the group.</>
      ) : (
        <>
          Searched {searched.properties.join(", ") || "no property"} only: the properties you may see. This request
          shows, exports, erases and restricts nothing elsewhere; an admin, or a person with every property, answers for
          the whole group.
        </>
      )}
    </p>
  );
}

/**
 * Every place Daybook holds the person, as the request's keyed hashes find them: stored arrivals by
 * day and property (how each was matched, restricted ones marked), reviews, sign-off notes, reveals
 * and exports that included them, and legal holds that block an erasure.
 */
export function RequestPlaces({ places }: { places: PersonPlaces | null }) {
  if (places === null) {
    return (
      <EmptyState title="Daybook no longer holds this person">
        Their arrivals were erased. The day figures and this request&apos;s record stay; the audit log says that an
        erasure happened, not who it was for.
      </EmptyState>
    );
  }
  if (places.arrivals.length === 0) {
    return (
      <div className="space-y-4">
        <Searched searched={places.searched} />
        <EmptyState title="Daybook holds nothing of this person">
          No stored arrival {places.searched.allProperties ? "" : "at the properties searched "}matches the details
          given with the request. Check them with the guest (a name as on their document, the date of birth), or close
          the request saying so.
        </EmptyState>
        <PossibleArrivals arrivals={places.possibleArrivals} />
      </div>
    );
  }
  const restricted = places.arrivals.filter((arrival) => arrival.restricted).length;
  return (
    <div className="space-y-4" data-testid="person-places">
      <Searched searched={places.searched} />
      <p className="text-sm text-stone-700" data-testid="places-summary">
        Daybook holds {placesSummary(places)}
        {restricted > 0 ? `, ${restricted.toLocaleString("en-US")} of them restricted` : ""}.
      </p>
      {places.legalHolds.map((hold) => (
        <Notice key={hold.policy} tone="warning" title={`Legal hold under ${hold.policy}`}>
          <p data-testid="legal-hold">
            {hold.reason} Applies to {hold.properties.join(", ")}: these arrivals cannot be erased while the hold
            stands.
          </p>
        </Notice>
      ))}
      <section aria-labelledby="person-arrivals-heading" className="space-y-2">
        <h2 id="person-arrivals-heading" className="text-lg font-semibold text-stone-900">
          Stored arrivals
        </h2>
        <ScrollTable label="The person's stored arrivals" minWidth="min-w-[52rem]" testId="person-arrivals">
          <ColumnHeads
            columns={["Day", "Property", "Kind", "Name", "Check-in (property time)", "Matched on", "Policy", "Shown"]}
            cellClassName={HEAD}
            className="bg-stone-50"
          />
          <tbody>
            {places.arrivals.map((arrival) => (
              <tr
                key={`${arrival.endpoint}|${arrival.propertyName}|${arrival.checkInAtUtc}|${arrival.day}`}
                className="border-t border-stone-200"
                data-testid="person-arrival"
                data-restricted={arrival.restricted}
              >
                <th scope="row" className={`${CELL} font-medium whitespace-nowrap`}>
                  <time dateTime={arrival.day}>{formatDayWithYear(arrival.day)}</time>
                </th>
                <td className={`${CELL} break-words`}>{arrival.propertyName}</td>
                <td className={CELL}>{ENDPOINT_WORDS[arrival.endpoint]}</td>
                <td className={`${CELL} break-words`}>{arrival.name}</td>
                <td className={CELL}>
                  <PropertyInstant at={arrival.checkInAtUtc} zone={arrival.localZone} />
                </td>
                <td className={CELL}>{arrival.matchedOn}</td>
                <td className={CELL}>
                  {arrival.policy}
                  {arrival.legalHold ? <span className="block text-xs text-amber-900">Legal hold</span> : null}
                </td>
                <td className={CELL}>
                  {arrival.restricted ? <Badge tone="warning">Restricted</Badge> : <Badge tone="neutral">Shown</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </section>
      <PossibleArrivals arrivals={places.possibleArrivals} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Reviews" count={places.reviews.length} empty="No review of their criminal arrivals.">
          <ul className="space-y-1 text-sm" data-testid="person-reviews">
            {places.reviews.map((review) => (
              <li key={`${review.propertyName}|${review.listDate}|${review.reviewedAt}`}>
                {review.propertyName}, list of {formatDayWithYear(review.listDate)}: reviewed by {review.reviewerName},{" "}
                <UtcInstant at={review.reviewedAt} />
                {review.hasNote ? " (with a note)" : ""}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Sign-off notes" count={places.signOffNotes.length} empty="No sign-off note mentions them.">
          <ul className="space-y-1 text-sm" data-testid="person-notes">
            {places.signOffNotes.map((note) => (
              <li key={`${note.propertyName}|${note.listDate}|${note.signerName}`}>
                {note.propertyName}, list of {formatDayWithYear(note.listDate)}: signed off by {note.signerName}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Reveals" count={places.reveals.length} empty="Nobody revealed their identification number.">
          <ul className="space-y-1 text-sm" data-testid="person-reveals">
            {places.reveals.map((reveal, index) => (
              <li key={`${reveal.at}|${index}`}>
                <UtcInstant at={reveal.at} />: {reveal.actorEmail ?? "a command"}
                {reveal.propertyName ? `, ${reveal.propertyName}` : ""}
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Exports" count={places.exports.length} empty="No audited export included them.">
          <ul className="space-y-1 text-sm" data-testid="person-exports">
            {places.exports.map((entry, index) => (
              <li key={`${entry.at}|${index}`}>
                <UtcInstant at={entry.at} />: {entry.actorEmail ?? "a command"}, {entry.action}
                {entry.propertyName ? `, ${entry.propertyName}` : ""}
                {entry.day ? `, ${formatDayWithYear(entry.day)}` : ""}
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}

/**
 * Arrivals that match on the name alone, where the property's policy does not keep the date of
 * birth: listed so whoever answers the request knows of them, and left out of every step.
 */
function PossibleArrivals({ arrivals }: { arrivals: PersonPlaces["possibleArrivals"] }) {
  if (arrivals.length === 0) return null;
  return (
    <Notice tone="info" title="Possible matches, not included">
      <p>
        {plural(arrivals.length, "arrival matches", "arrivals match")} the name alone at properties whose policy does
        not keep the date of birth, so {arrivals.length === 1 ? "it may be" : "they may be"} another guest of the same
        name. {arrivals.length === 1 ? "It is" : "They are"} left out of the export, an erasure and a restriction; a
        request by the guest&apos;s document number finds them for certain where the policy keeps it.
      </p>
      <ul className="mt-2 list-disc pl-5" data-testid="possible-arrivals">
        {arrivals.map((arrival) => (
          <li key={`${arrival.endpoint}|${arrival.propertyName}|${arrival.checkInAtUtc}|${arrival.day}`}>
            <time dateTime={arrival.day}>{formatDayWithYear(arrival.day)}</time>, {arrival.propertyName} (
            {ENDPOINT_WORDS[arrival.endpoint].toLowerCase()}, {arrival.policy})
          </li>
        ))}
      </ul>
    </Notice>
  );
}
