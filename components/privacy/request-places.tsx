import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant, PropertyInstant } from "@/components/ui/instants";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { translatorFor } from "@/lib/core/catalogue";
import type { Formatter } from "@/lib/core/format";
import type { PersonMatch } from "@/lib/core/privacy";
import type { PersonArrival, PersonPlaces } from "@/lib/features/privacy-requests/types";

const CELL = "px-3 py-2 text-left align-top";
const HEAD = `${CELL} font-medium text-stone-600`;

/** The kind of an arrival, as the catalogue's `privacy.places.endpoints` names it. */
const ENDPOINTS = { guests: "guests", "criminal-arrivals": "criminal" } as const;

/** How an arrival was matched (the server's words for it), as the catalogue's `privacy.places.matchedOn` keys. */
const MATCHED_ON: Record<PersonMatch, "nameAndBirth" | "nameOnly" | "document" | "sameArrival"> = {
  "name and date of birth": "nameAndBirth",
  "name only: date of birth not kept": "nameOnly",
  "document number": "document",
  "same arrival": "sameArrival",
};

const COLUMNS = ["day", "property", "kind", "name", "checkIn", "matchedOn", "policy", "shown"] as const;

/** The counts a confirmation names: what an erasure or a restriction will act on, in `t`'s language. */
export function placesSummary(places: PersonPlaces, t: ReturnType<typeof translatorFor<"privacy">>): string {
  return t("places.summary", {
    arrivals: places.arrivals.length,
    days: places.days.length,
    properties: places.properties.length,
  });
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
  const t = useTranslations("privacy.places");
  return (
    <Card title={t("section", { title, count })}>
      {count === 0 ? <p className="text-sm text-stone-600">{empty}</p> : children}
    </Card>
  );
}

/** Where the request looked: what every step of it is limited to. */
function Searched({ searched }: { searched: PersonPlaces["searched"] }) {
  const t = useTranslations("privacy.places");
  return (
    <p className="text-sm text-stone-700" data-testid="places-searched">
      {searched.allProperties
        ? t("searchedAll")
        : t("searchedSome", { properties: searched.properties.join(", ") || t("noProperty") })}
    </p>
  );
}

/** One arrival's day, as a machine reads it and as the person writes it. */
function Day({ day, format }: { day: string; format: Formatter }) {
  return <time dateTime={day}>{format.dayWithYear(day)}</time>;
}

/**
 * Every place Daybook holds the person, as the request's keyed hashes find them: stored arrivals by
 * day and property (how each was matched, restricted ones marked), reviews, sign-off notes, reveals
 * and exports that included them, and legal holds that block an erasure. `format`: the person's.
 */
export function RequestPlaces({ places, format }: { places: PersonPlaces | null; format: Formatter }) {
  const t = useTranslations("privacy.places");
  const words = useTranslations("privacy");
  if (places === null) {
    return <EmptyState title={t("erasedTitle")}>{t("erasedBody")}</EmptyState>;
  }
  if (places.arrivals.length === 0) {
    return (
      <div className="space-y-4">
        <Searched searched={places.searched} />
        <EmptyState title={t("nothingTitle")}>
          {places.searched.allProperties ? t("nothingBodyAll") : t("nothingBodySome")}
        </EmptyState>
        <PossibleArrivals arrivals={places.possibleArrivals} format={format} />
      </div>
    );
  }
  const restricted = places.arrivals.filter((arrival) => arrival.restricted).length;
  const summary = placesSummary(places, words);
  return (
    <div className="space-y-4" data-testid="person-places">
      <Searched searched={places.searched} />
      <p className="text-sm text-stone-700" data-testid="places-summary">
        {restricted > 0 ? t("holdsRestricted", { summary, restricted }) : t("holds", { summary })}
      </p>
      {places.legalHolds.map((hold) => (
        <Notice key={hold.policy} tone="warning" title={t("legalHoldTitle", { policy: hold.policy })}>
          <p data-testid="legal-hold">
            {t("legalHoldBody", { reason: hold.reason, properties: hold.properties.join(", ") })}
          </p>
        </Notice>
      ))}
      <section aria-labelledby="person-arrivals-heading" className="space-y-2">
        <h2 id="person-arrivals-heading" className="text-lg font-semibold text-stone-900">
          {t("arrivalsHeading")}
        </h2>
        <ScrollTable label={t("arrivalsLabel")} minWidth="min-w-[52rem]" testId="person-arrivals">
          <ColumnHeads
            columns={COLUMNS.map((column) => t(`columns.${column}`))}
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
                  <Day day={arrival.day} format={format} />
                </th>
                <td className={`${CELL} break-words`}>{arrival.propertyName}</td>
                <td className={CELL}>{t(`endpoints.${ENDPOINTS[arrival.endpoint]}`)}</td>
                <td className={`${CELL} break-words`}>{arrival.name}</td>
                <td className={CELL}>
                  <PropertyInstant at={arrival.checkInAtUtc} zone={arrival.localZone} />
                </td>
                <td className={CELL}>{t(`matchedOn.${MATCHED_ON[arrival.matchedOn]}`)}</td>
                <td className={CELL}>
                  {arrival.policy}
                  {arrival.legalHold ? <span className="block text-xs text-amber-900">{t("legalHold")}</span> : null}
                </td>
                <td className={CELL}>
                  {arrival.restricted ? (
                    <Badge tone="warning">{t("restricted")}</Badge>
                  ) : (
                    <Badge tone="neutral">{t("shown")}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </section>
      <PossibleArrivals arrivals={places.possibleArrivals} format={format} />
      <Occurrences places={places} format={format} />
    </div>
  );
}

/** Reviews, sign-off notes, reveals and exports that name the person, each listed by when and who. */
function Occurrences({ places, format }: { places: PersonPlaces; format: Formatter }) {
  const t = useTranslations("privacy.places");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title={t("reviews")} count={places.reviews.length} empty={t("noReviews")}>
        <ul className="space-y-1 text-sm" data-testid="person-reviews">
          {places.reviews.map((review) => (
            <li key={`${review.propertyName}|${review.listDate}|${review.reviewedAt}`}>
              {t.rich(review.hasNote ? "reviewLineNote" : "reviewLine", {
                property: review.propertyName,
                day: format.dayWithYear(review.listDate),
                reviewer: review.reviewerName,
                at: () => <EventInstant at={review.reviewedAt} />,
              })}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("signOffNotes")} count={places.signOffNotes.length} empty={t("noSignOffNotes")}>
        <ul className="space-y-1 text-sm" data-testid="person-notes">
          {places.signOffNotes.map((note) => (
            <li key={`${note.propertyName}|${note.listDate}|${note.signerName}`}>
              {t("signOffLine", {
                property: note.propertyName,
                day: format.dayWithYear(note.listDate),
                signer: note.signerName,
              })}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("reveals")} count={places.reveals.length} empty={t("noReveals")}>
        <ul className="space-y-1 text-sm" data-testid="person-reveals">
          {places.reveals.map((reveal, index) => (
            <li key={`${reveal.at}|${index}`}>
              {reveal.propertyName
                ? t.rich("occurrenceDetails", {
                    at: () => <EventInstant at={reveal.at} />,
                    actor: reveal.actorEmail ?? t("aCommand"),
                    details: reveal.propertyName,
                  })
                : t.rich("occurrence", {
                    at: () => <EventInstant at={reveal.at} />,
                    actor: reveal.actorEmail ?? t("aCommand"),
                  })}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t("exports")} count={places.exports.length} empty={t("noExports")}>
        <ul className="space-y-1 text-sm" data-testid="person-exports">
          {places.exports.map((entry, index) => (
            <li key={`${entry.at}|${index}`}>
              {t.rich("occurrenceDetails", {
                at: () => <EventInstant at={entry.at} />,
                actor: entry.actorEmail ?? t("aCommand"),
                // What was exported, then where and which day: the audit entry's own data, as a list.
                details: [entry.action, entry.propertyName, entry.day ? format.dayWithYear(entry.day) : null]
                  .filter(Boolean)
                  .join(", "),
              })}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

/**
 * Arrivals that match on the name alone, where the property's policy does not keep the date of
 * birth: listed so whoever answers the request knows of them, and left out of every step.
 */
function PossibleArrivals({ arrivals, format }: { arrivals: readonly PersonArrival[]; format: Formatter }) {
  const t = useTranslations("privacy.places");
  if (arrivals.length === 0) return null;
  return (
    <Notice tone="info" title={t("possibleTitle")}>
      <p>{t("possibleBody", { count: arrivals.length })}</p>
      <ul className="mt-2 list-disc pl-5" data-testid="possible-arrivals">
        {arrivals.map((arrival) => (
          <li key={`${arrival.endpoint}|${arrival.propertyName}|${arrival.checkInAtUtc}|${arrival.day}`}>
            {t.rich("possibleLine", {
              property: arrival.propertyName,
              kind: t(`endpointsInSentence.${ENDPOINTS[arrival.endpoint]}`),
              policy: arrival.policy,
              day: () => <Day day={arrival.day} format={format} />,
            })}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
