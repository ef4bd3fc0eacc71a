"use client";

import { useTranslations } from "next-intl";
import { useRef } from "react";

import { recordOutcomeAction, reviewArrivalAction, undoReviewAction } from "@/lib/features/review/actions";
import { useReviewAction, type ReviewState } from "@/lib/features/review/hooks";
import { listOf } from "@/lib/features/review/list";

import { OutcomeBadges } from "./outcome-badge";
import { OutcomeForm } from "./outcome-form";
import { ActionError, DoneBy, SavedNote, UndoneNote } from "./record-parts";
import { UndoForm } from "./undo-form";

export interface ReviewableItem {
  propertyName: string;
  checkInDateLocal: string;
  itemKey?: string;
  /** The property's zone where Daybook knows it: review times are named by it. */
  localZone?: string;
}

/**
 * Daybook's own review of one criminal arrival, in a block of its own beside the desk's
 * acknowledgement (which comes from the API and is a different thing). Supervisors mark reviewed
 * with the outcome of the check, whether the police were contacted and an optional note, and record
 * the outcome of a review made before outcomes were asked; admins undo with a reason; everyone else
 * reads.
 */
export function ReviewBlock({
  item,
  review,
  listSignedOff,
  headingId,
}: {
  item: ReviewableItem;
  review: ReviewState;
  listSignedOff: boolean;
  headingId: string;
}) {
  const t = useTranslations("review.block");
  const action = useReviewAction();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const record = item.itemKey ? review.reviewOf(item.itemKey) : null;
  const undone = item.itemKey ? review.undoneReviewOf(item.itemKey) : null;
  const list = listOf(item);
  const afterChange = async () => {
    await review.invalidate();
    statusRef.current?.focus();
  };

  let body;
  if (review.error && !review.ready) {
    body = <p className="mt-1 text-stone-700">{t("couldNotRead")}</p>;
  } else if (!review.ready || !item.itemKey) {
    body = <p className="mt-1 text-stone-600">{t("reading")}</p>;
  } else if (record) {
    body = (
      <>
        <p ref={statusRef} tabIndex={-1} className="mt-1 font-medium text-sky-900" data-testid="review-status">
          <DoneBy what="review" name={record.reviewerName} at={record.reviewedAt} zone={item.localZone} />
        </p>
        <p className="mt-1">
          <OutcomeBadges outcome={record.outcome} policeContacted={record.policeContacted} />
        </p>
        {record.outcome === null && review.you.canReview && !listSignedOff ? (
          <OutcomeForm
            intro={t("recordIntro")}
            submit={t("recordOutcome")}
            submitting={t("saving")}
            pending={action.pending}
            onSave={(choice) =>
              action.run(() => recordOutcomeAction({ ...list, itemKey: item.itemKey, ...choice }), afterChange)
            }
            testId="outcome-form"
          />
        ) : null}
        {record.note ? (
          <SavedNote note={record.note} testId="review-note" />
        ) : (
          <p className="mt-1 text-xs text-stone-600">{t("noNote")}</p>
        )}
        {review.you.canUndo && !listSignedOff ? (
          <div className="mt-2">
            <UndoForm
              what="review"
              pending={action.pending}
              onUndo={(reason) =>
                action.run(() => undoReviewAction({ ...list, itemKey: item.itemKey, reason }), afterChange)
              }
            />
          </div>
        ) : null}
        {review.you.canUndo && listSignedOff ? (
          <p className="mt-2 text-xs text-stone-600">{t("undoSignOffFirst")}</p>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p ref={statusRef} tabIndex={-1} className="mt-1 font-medium text-stone-800" data-testid="review-status">
          {t("notReviewed")}
        </p>
        {undone ? <UndoneNote what="review" undone={undone} testId="review-undone" zone={item.localZone} /> : null}
        {review.you.canReview && listSignedOff ? (
          <p className="mt-2 text-xs text-stone-600">{t("signedOffWait")}</p>
        ) : null}
        {review.you.canReview && !listSignedOff ? (
          <OutcomeForm
            noteLabel={t("noteLabel")}
            submit={t("markReviewed")}
            submitting={t("saving")}
            pending={action.pending}
            onSave={(choice) =>
              action.run(() => reviewArrivalAction({ ...list, itemKey: item.itemKey, ...choice }), afterChange)
            }
            testId="review-form"
          />
        ) : null}
      </>
    );
  }

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      data-testid="daybook-review"
      data-state={!review.ready ? "loading" : record ? "reviewed" : "not-reviewed"}
      data-outcome={record ? (record.outcome ?? "none") : undefined}
      className={`rounded-md border px-3 py-2 text-sm ${record ? "border-sky-200 bg-sky-50" : "border-stone-200 bg-white"}`}
    >
      <h4 id={headingId} className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {t("heading")}
      </h4>
      {body}
      <ActionError error={action.error} testId="review-error" />
    </div>
  );
}
