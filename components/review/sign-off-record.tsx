import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { OneList } from "@/components/criminal-arrivals/offense-lists";
import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
import type { Formatter } from "@/lib/core/format";
import type { RecordGuest, SignOffRecordView } from "@/lib/features/sign-off-record/assemble";

/*
 * The sign-off record as a page, for the screen and for paper alike (the browser's print styles):
 * Tailwind's `print:` variants drop the cards' shadows and colours, keep each guest whole on a page
 * where it fits, and the navigation and buttons are left off by the page around it.
 */

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-stone-500 print:text-stone-700">{label}</dt>
      <dd className="break-words text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function Note({ note, testId }: { note: string | null; testId: string }) {
  const t = useTranslations("review.record");
  if (!note) return null;
  return (
    <p className="mt-1 break-words whitespace-pre-wrap text-stone-800" data-testid={testId}>
      <span className="font-medium">{t("note")}</span>
      {note}
    </p>
  );
}

function Guest({ guest, index, total }: { guest: RecordGuest; index: number; total: number }) {
  const t = useTranslations("review.record");
  const headingId = `record-guest-${index}`;
  const ack = guest.acknowledgement;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="record-guest"
      className={`break-inside-avoid space-y-3 p-4 ${cardClass} print:rounded-none print:border-x-0 print:border-t-0 print:px-0 print:shadow-none`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3
          id={headingId}
          className="text-base font-semibold break-words text-stone-900"
          data-testid="record-guest-name"
        >
          {guest.name}
        </h3>
        <p className="text-xs text-stone-600">{t("guestOf", { index: index + 1, total })}</p>
      </div>
      <p className="flex flex-wrap gap-1.5" aria-label={t("screening")}>
        {guest.flags.map((flag) => (
          <Badge key={flag} tone="danger">
            {flag}
          </Badge>
        ))}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] print:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Row label={t("identification")} testId="record-identification">
          {guest.identification}
        </Row>
        <Row label={t("checkedIn")} testId="record-checked-in">
          {guest.checkedIn}
        </Row>
        <Row label={t("localDate")}>{guest.localDate}</Row>
        <Row label={t("gender")}>{guest.gender}</Row>
        <Row label={t("source")}>{guest.source}</Row>
      </dl>
      {guest.offenses.kind === "withheld" ? (
        <p className="text-sm text-stone-700" data-testid="offense-details-withheld">
          {guest.offenses.message}
        </p>
      ) : (
        <div className="space-y-1">
          <div className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
            <OneList list={guest.offenses.crimeTypes} testId="crime-types" />
            <OneList list={guest.offenses.offenseDescriptions} testId="offense-descriptions" />
          </div>
          {guest.offenses.note ? <p className="text-xs text-stone-600">{guest.offenses.note}</p> : null}
        </div>
      )}
      <div className="grid gap-3 text-sm sm:grid-cols-2 print:grid-cols-2">
        <div data-testid="record-acknowledgement">
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t("deskAck")}</h4>
          {ack.kind === "acknowledged" ? (
            <>
              <p className="mt-1 font-medium text-stone-900">{ack.label}</p>
              <p className="text-stone-800">{ack.localText}</p>
              <p className="text-xs text-stone-600">{ack.utcText}</p>
            </>
          ) : (
            <>
              <p className="mt-1 font-semibold text-amber-900 print:text-stone-900">{ack.label}</p>
              <p className="text-stone-800">{ack.explanation}</p>
            </>
          )}
        </div>
        <div data-testid="record-review">
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t("daybookReview")}</h4>
          <p className="mt-1 font-medium text-stone-900" data-testid="record-review-status">
            {guest.review ? guest.review.text : guest.noReview}
          </p>
          {guest.review ? (
            <p className="mt-1 break-words text-stone-800" data-testid="record-outcome">
              <span className="font-medium">{t("outcome")}</span>
              {guest.review.outcome}
              {guest.review.policeContacted ? t("police") : ""}
            </p>
          ) : null}
          <Note note={guest.review?.note ?? null} testId="record-review-note" />
        </div>
      </div>
    </article>
  );
}

/** `format`: the person's, for the counts the record shows beside the view's own words. */
export function SignOffRecord({ view, format }: { view: SignOffRecordView; format: Formatter }) {
  const t = useTranslations("review.record");
  return (
    <article aria-labelledby="record-title" className="space-y-4" data-testid="sign-off-record">
      <header className={`space-y-3 p-4 ${cardClass} print:border-0 print:p-0 print:shadow-none`}>
        <div>
          <h1 id="record-title" className="text-2xl font-semibold tracking-tight text-stone-900">
            {t("heading")}
          </h1>
          <p className="mt-1 text-base text-stone-800" data-testid="record-list">
            {view.property} · <time dateTime={view.day}>{view.dayText}</time>
          </p>
        </div>
        {/* Label over value on a phone: a label column as wide as the longest label leaves the values too narrow. */}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1 print:grid-cols-[auto_minmax(0,1fr)]">
          <Row label={t("signOff")} testId="record-sign-off">
            {view.signOff ? (
              <span className="font-medium">{view.signOff.text}</span>
            ) : (
              <span className="font-medium">{view.notSignedOff}</span>
            )}
            <Note note={view.signOff?.note ?? null} testId="record-sign-off-note" />
          </Row>
          {view.signOff ? <Row label={t("signedOffCount")}>{format.number(view.signOff.itemCount)}</Row> : null}
          <Row label={t("pulled")} testId="record-pulled">
            {view.copy.pulled}
          </Row>
          <Row label={t("generated")} testId="record-generated">
            {view.copy.generated}
          </Row>
          <Row label={t("summary")} testId="record-summary">
            {view.summary}
          </Row>
          <Row label={t("outcomes")} testId="record-outcomes">
            {view.outcomes}
          </Row>
          <Row label={view.falseMatch.label} testId="record-false-match">
            {view.falseMatch.text}
          </Row>
        </dl>
        <p className="text-xs text-stone-600" data-testid="record-produced">
          {t("produced", { produced: view.produced })} <span data-testid="record-times-note">{view.timesNote}</span>
        </p>
      </header>
      {view.purgedText ? (
        <section
          aria-labelledby="record-purged"
          className={`p-4 ${cardClass} print:border-0 print:p-0 print:shadow-none`}
          data-testid="record-purged"
        >
          <h2 id="record-purged" className="text-lg font-semibold text-stone-900">
            {t("purgedTitle")}
          </h2>
          <p className="mt-1 text-sm text-stone-800">{view.purgedText}</p>
        </section>
      ) : (
        <section aria-labelledby="record-guests" className="space-y-3">
          <h2 id="record-guests" className="text-lg font-semibold text-stone-900">
            {t("guests")}
          </h2>
          <ol className="space-y-3 print:space-y-0">
            {view.guests.map((guest, index) => (
              <li key={index}>
                <Guest guest={guest} index={index} total={view.guests.length} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
