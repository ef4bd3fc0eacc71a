"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";

import { Button, buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { useFormat } from "@/lib/features/preferences/hooks";
import { reviewListAction, signOffAction, undoSignOffAction } from "@/lib/features/review/actions";
import { useReviewAction, type ReviewState } from "@/lib/features/review/hooks";
import { listId, listOf, listProperty, type ListRef } from "@/lib/features/review/list";
import { countOutcomes, outcomesText } from "@/lib/features/review/outcomes";
import type { ReviewRecord } from "@/lib/features/review/types";
import { recordHref } from "@/lib/features/sign-off-record/href";

import { OutcomeForm } from "./outcome-form";
import { ActionError, DoneBy, NoteForm, SavedNote, UndoneNote } from "./record-parts";
import { UndoForm } from "./undo-form";

export interface ListSummary extends ListRef {
  itemKeys: readonly (string | undefined)[];
}

/** The zone a list's times are shown in: that of its arrivals, where Daybook knows it. */
function zoneOfList(
  list: ListRef,
  items: readonly { propertyName: string; checkInDateLocal: string; propertyTimeZone?: string; localZone?: string }[],
): string | null {
  return items.find((item) => item.localZone && listId(listOf(item)) === listId(list))?.localZone ?? list.zone;
}

function SignOffBar({
  list,
  review,
  canPrint,
  zone,
}: {
  list: ListSummary;
  review: ReviewState;
  canPrint: boolean;
  zone: string | null;
}) {
  const t = useTranslations("review.signOff");
  const words = useTranslations("review");
  const format = useFormat();
  const action = useReviewAction();
  const id = useId();
  const signOff = review.signOffOf(listId(list));
  const undone = review.undoneSignOffOf(listId(list));
  const total = list.itemKeys.length;
  const reviews = list.itemKeys.flatMap((key): ReviewRecord[] => {
    const found = key ? review.reviewOf(key) : null;
    return found ? [found] : [];
  });
  const reviewed = reviews.length;
  const open = total - reviewed;
  const outcomes = countOutcomes(reviews);
  const outcomeLine =
    reviewed > 0 ? (
      <p className="mt-1 text-stone-700" data-testid="sign-off-outcomes">
        <span className="font-medium">{t("outcomes")}</span>
        {outcomesText(outcomes, undefined, words)}
      </p>
    ) : null;
  const ref = { propertyName: list.propertyName, zone: list.zone, day: list.day };

  let body;
  if (!review.ready) {
    body = <p className="text-stone-600">{t("reading")}</p>;
  } else if (signOff) {
    body = (
      <>
        <p className="font-medium text-sky-900" data-testid="sign-off-status">
          <DoneBy what="signOff" name={signOff.signerName} at={signOff.signedOffAt} zone={zone} />
          <span className="font-normal text-stone-700"> {t("itemCount", { count: signOff.itemCount })}</span>
        </p>
        {outcomeLine}
        {signOff.note ? <SavedNote note={signOff.note} testId="sign-off-note" /> : null}
        {review.you.canUndo ? (
          <div className="mt-2">
            <UndoForm
              what="signOff"
              pending={action.pending}
              onUndo={(reason) => action.run(() => undoSignOffAction({ ...ref, reason }), review.invalidate)}
            />
          </div>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p className="font-medium text-stone-800" data-testid="sign-off-status">
          {outcomes.missing > 0
            ? t("notSignedOffMissing", { reviewed, total, missing: outcomes.missing })
            : t("notSignedOff", { reviewed, total })}
        </p>
        {outcomeLine}
        {undone ? <UndoneNote what="signOff" undone={undone} testId="sign-off-undone" zone={zone} /> : null}
        {review.you.canReview && open > 0 ? (
          <OutcomeForm
            legend={t("legend")}
            noteLabel={t("noteEach")}
            submit={open === total ? t("markAll") : t("markOthers", { open })}
            submitting={t("marking")}
            pending={action.pending}
            onSave={(choice) => action.run(() => reviewListAction({ ...ref, ...choice }), review.invalidate)}
            testId="review-all"
          />
        ) : null}
        {review.you.canReview ? (
          <NoteForm
            label={t("noteLabel")}
            submit={t("submit")}
            submitting={t("signingOff")}
            pending={action.pending}
            blocked={
              open > 0
                ? t("blockedNotReviewed", { open, total })
                : outcomes.missing > 0
                  ? t("blockedNoOutcome", { missing: outcomes.missing, total })
                  : undefined
            }
            onSave={(note) => action.run(() => signOffAction({ ...ref, note }), review.invalidate)}
            testId="sign-off-form"
          />
        ) : null}
      </>
    );
  }

  return (
    <li
      className={`rounded-md border px-3 py-2 text-sm ${signOff ? "border-sky-200 bg-sky-50" : "border-stone-200 bg-white"}`}
      data-testid="sign-off-bar"
      data-property={list.propertyName}
      data-day={list.day}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="mb-1 font-semibold text-stone-900">
        {listProperty(list, words)} · <time dateTime={list.day}>{format.calendarDay(list.day)}</time>
      </h3>
      {body}
      <ActionError error={action.error} testId="sign-off-error" />
      {canPrint ? (
        <p className="mt-2 text-xs">
          {/* Not prefetched: every opening of a record is audited, so only a click opens one. */}
          <Link href={recordHref(ref)} prefetch={false} className={buttonClass("link")}>
            {t("recordLink")}
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/**
 * Daybook's sign-off of each list on the screen (one property, one local day): who signed off and
 * when, or how many of its criminal arrivals are reviewed so far.
 */
export function SignOffBars({
  lists,
  review,
  canPrint = false,
  items = [],
}: {
  lists: readonly ListSummary[];
  /** The screen's arrivals, whose zones name the lists' times. */
  items?: readonly { propertyName: string; checkInDateLocal: string; propertyTimeZone?: string; localZone?: string }[];
  review: ReviewState;
  /** Whether the person may have a list's sign-off record (lib/features/sign-off-record/server.ts). */
  canPrint?: boolean;
}) {
  const t = useTranslations("review.signOff");
  const id = useId();
  if (lists.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className={`p-4 ${cardClass}`} data-testid="sign-offs">
      <h2 id={`${id}-heading`} className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {t("heading")}
      </h2>
      <p className="mt-1 text-xs text-stone-600">{t("intro")}</p>
      {review.error && !review.ready ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t("couldNotRead")}{" "}
          <Button variant="link" onClick={review.refetch}>
            {t("tryAgain")}
          </Button>
        </p>
      ) : null}
      <ul className="mt-3 grid gap-2 md:grid-cols-2">
        {lists.map((list) => (
          <SignOffBar
            key={listId(list)}
            list={list}
            review={review}
            canPrint={canPrint}
            zone={zoneOfList(list, items)}
          />
        ))}
      </ul>
    </section>
  );
}
