import type { ReactNode } from "react";

import { OneList } from "@/components/criminal-arrivals/offense-lists";
import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
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
  if (!note) return null;
  return (
    <p className="mt-1 break-words whitespace-pre-wrap text-stone-800" data-testid={testId}>
      <span className="font-medium">Note: </span>
      {note}
    </p>
  );
}

function Guest({ guest, index, total }: { guest: RecordGuest; index: number; total: number }) {
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
        <p className="text-xs text-stone-600">
          {index + 1} of {total}
        </p>
      </div>
      <p className="flex flex-wrap gap-1.5" aria-label="Screening matches">
        {guest.flags.map((flag) => (
          <Badge key={flag} tone="danger">
            {flag}
          </Badge>
        ))}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] print:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <Row label="Identification number" testId="record-identification">
          {guest.identification}
        </Row>
        <Row label="Checked in" testId="record-checked-in">
          {guest.checkedIn}
        </Row>
        <Row label="Local date at the property">{guest.localDate}</Row>
        <Row label="Gender">{guest.gender}</Row>
        <Row label="Source">{guest.source}</Row>
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
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Desk acknowledgement (from the API)
          </h4>
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
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Daybook review</h4>
          <p className="mt-1 font-medium text-stone-900" data-testid="record-review-status">
            {guest.review ? guest.review.text : guest.noReview}
          </p>
          {guest.review ? (
            <p className="mt-1 break-words text-stone-800" data-testid="record-outcome">
              <span className="font-medium">Outcome: </span>
              {guest.review.outcome}
              {guest.review.policeContacted ? "; police contacted" : ""}
            </p>
          ) : null}
          <Note note={guest.review?.note ?? null} testId="record-review-note" />
        </div>
      </div>
    </article>
  );
}

export function SignOffRecord({ view }: { view: SignOffRecordView }) {
  return (
    <article aria-labelledby="record-title" className="space-y-4" data-testid="sign-off-record">
      <header className={`space-y-3 p-4 ${cardClass} print:border-0 print:p-0 print:shadow-none`}>
        <div>
          <h1 id="record-title" className="text-2xl font-semibold tracking-tight text-stone-900">
            Criminal-arrival sign-off record
          </h1>
          <p className="mt-1 text-base text-stone-800" data-testid="record-list">
            {view.property} · <time dateTime={view.day}>{view.dayText}</time>
          </p>
        </div>
        {/* Label over value on a phone: a label column as wide as the longest label leaves the values too narrow. */}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1 print:grid-cols-[auto_minmax(0,1fr)]">
          <Row label="Sign-off" testId="record-sign-off">
            {view.signOff ? (
              <span className="font-medium">{view.signOff.text}</span>
            ) : (
              <span className="font-medium">{view.notSignedOff}</span>
            )}
            <Note note={view.signOff?.note ?? null} testId="record-sign-off-note" />
          </Row>
          {view.signOff ? (
            <Row label="Criminal arrivals signed off">{view.signOff.itemCount.toLocaleString("en-US")}</Row>
          ) : null}
          <Row label="Stored copy pulled at" testId="record-pulled">
            {view.copy.pulled}
          </Row>
          <Row label="Day computed by the API at" testId="record-generated">
            {view.copy.generated}
          </Row>
          <Row label="On this record" testId="record-summary">
            {view.summary}
          </Row>
          <Row label="Outcomes" testId="record-outcomes">
            {view.outcomes}
          </Row>
          <Row label={view.falseMatch.label} testId="record-false-match">
            {view.falseMatch.text}
          </Row>
        </dl>
        <p className="text-xs text-stone-600" data-testid="record-produced">
          {view.produced}. Identification numbers are masked to their last 4 characters.{" "}
          <span data-testid="record-times-note">{view.timesNote}</span>
        </p>
      </header>
      {view.purgedText ? (
        <section
          aria-labelledby="record-purged"
          className={`p-4 ${cardClass} print:border-0 print:p-0 print:shadow-none`}
          data-testid="record-purged"
        >
          <h2 id="record-purged" className="text-lg font-semibold text-stone-900">
            Guest details removed
          </h2>
          <p className="mt-1 text-sm text-stone-800">{view.purgedText}</p>
        </section>
      ) : (
        <section aria-labelledby="record-guests" className="space-y-3">
          <h2 id="record-guests" className="text-lg font-semibold text-stone-900">
            Guests on the list
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
