"use client";

import { useId, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { formatInstant } from "@/lib/core/format";
import { reviewArrivalAction, undoReviewAction } from "@/lib/features/review/actions";
import { useReviewAction, type ReviewState } from "@/lib/features/review/hooks";

import { NoteField } from "./note-field";
import { UndoForm } from "./undo-form";

export interface ReviewableItem {
  propertyName: string;
  checkInDateLocal: string;
  itemKey?: string;
}

/**
 * Daybook's own review of one criminal arrival, in a block of its own beside the desk's
 * acknowledgement (which comes from the API and is a different thing). Supervisors mark reviewed,
 * with an optional note; admins undo with a reason; everyone else reads.
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
  const [note, setNote] = useState("");
  const action = useReviewAction();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const record = item.itemKey ? review.reviewOf(item.itemKey) : null;
  const undone = item.itemKey ? review.undoneReviewOf(item.itemKey) : null;
  const list = { propertyName: item.propertyName, day: item.checkInDateLocal };
  const afterChange = async () => {
    await review.invalidate();
    statusRef.current?.focus();
  };

  let body;
  if (review.error && !review.ready) {
    body = <p className="mt-1 text-stone-700">Daybook could not read its reviews just now.</p>;
  } else if (!review.ready || !item.itemKey) {
    body = <p className="mt-1 text-stone-600">Reading Daybook reviews…</p>;
  } else if (record) {
    body = (
      <>
        <p ref={statusRef} tabIndex={-1} className="mt-1 font-medium text-sky-900" data-testid="review-status">
          <span aria-hidden className="mr-1">
            ✓
          </span>
          Reviewed by {record.reviewerName} at{" "}
          <time dateTime={record.reviewedAt}>{formatInstant(record.reviewedAt)}</time>
        </p>
        {record.note ? (
          <p className="mt-1 break-words whitespace-pre-wrap text-stone-800" data-testid="review-note">
            <span className="sr-only">Note: </span>
            {record.note}
          </p>
        ) : (
          <p className="mt-1 text-xs text-stone-600">No note.</p>
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
          <p className="mt-2 text-xs text-stone-600">
            The list is signed off: undo the sign-off first to undo this review.
          </p>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p ref={statusRef} tabIndex={-1} className="mt-1 font-medium text-stone-800" data-testid="review-status">
          Not reviewed in Daybook yet
        </p>
        {undone ? (
          <p className="mt-1 text-xs text-stone-600" data-testid="review-undone">
            An earlier review was undone{undone.undoneByName ? ` by ${undone.undoneByName}` : ""} at{" "}
            <time dateTime={undone.undoneAt}>{formatInstant(undone.undoneAt)}</time>. Reason:{" "}
            <span className="break-words whitespace-pre-wrap">{undone.reason}</span>
          </p>
        ) : null}
        {review.you.canReview && listSignedOff ? (
          <p className="mt-2 text-xs text-stone-600">
            The list is signed off; an admin must undo the sign-off before it changes.
          </p>
        ) : null}
        {review.you.canReview && !listSignedOff ? (
          <form
            className="mt-2 space-y-2"
            onSubmit={async (event) => {
              event.preventDefault();
              const ok = await action.run(
                () => reviewArrivalAction({ ...list, itemKey: item.itemKey, note }),
                afterChange,
              );
              if (ok) setNote("");
            }}
          >
            <NoteField
              id={`${id}-note`}
              label="Note (optional)"
              value={note}
              onChange={setNote}
              disabled={action.pending}
            />
            <Button type="submit" variant="primary" size="sm" disabled={action.pending}>
              {action.pending ? "Saving…" : "Mark reviewed"}
            </Button>
          </form>
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
      className={`rounded-md border px-3 py-2 text-sm ${record ? "border-sky-200 bg-sky-50" : "border-stone-200 bg-white"}`}
    >
      <h4 id={headingId} className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        Daybook review
      </h4>
      {body}
      {action.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800" data-testid="review-error">
          {action.error}
        </p>
      ) : null}
    </div>
  );
}
