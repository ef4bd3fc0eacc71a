"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";

import type { ActionResult } from "@/lib/core/errors";
import { fetchReport } from "@/lib/features/reports/hooks";
import type { ReportError } from "@/lib/features/reports/types";

import { listId } from "./list";
import type { DayReviews, ReviewRecord, SignOffRecord, UndoneReview, UndoneSignOff } from "./types";

/** One review action in flight at a time per control: pending state, the refusal in words, then a refresh of the state. */
export function useReviewAction() {
  const t = useTranslations("review");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (call: () => Promise<ActionResult>, afterSuccess: () => Promise<unknown>): Promise<boolean> => {
      setPending(true);
      setError(null);
      try {
        const result = await call();
        if (!result.ok) {
          const field = result.fieldErrors ? Object.values(result.fieldErrors)[0] : undefined;
          setError(field ?? result.message);
          // A refusal often means someone else changed the list (signed off, undone): show what stands now.
          await afterSuccess();
          return false;
        }
        await afterSuccess();
        return true;
      } catch {
        setError(t("offline"));
        return false;
      } finally {
        setPending(false);
      }
    },
    [t],
  );

  return { pending, error, run, clearError: useCallback(() => setError(null), []) };
}

export const reviewKeys = {
  all: ["reviews"] as const,
  day: (day: string) => ["reviews", day] as const,
};

export interface ReviewState {
  /** False until every day asked for has answered. */
  ready: boolean;
  error: ReportError | null;
  you: DayReviews["you"];
  reviewOf(itemKey: string): ReviewRecord | null;
  undoneReviewOf(itemKey: string): UndoneReview | null;
  /** By listId(). */
  signOffOf(listKey: string): SignOffRecord | null;
  undoneSignOffOf(listKey: string): UndoneSignOff | null;
  /** After any review action: every day is read again. */
  invalidate(): Promise<void>;
  refetch(): void;
}

const NOBODY = { canReview: false, canUndo: false };

/** Daybook's reviews and sign-offs of the lists of the given local days (one request per day). */
export function useReviewState(days: readonly string[], initial?: readonly DayReviews[]): ReviewState {
  const queryClient = useQueryClient();
  const wanted = useMemo(() => [...new Set(days)].sort(), [days]);
  // When the page came with them: as of its first render, so they count as fresh for the stale time.
  const [seededAt] = useState(() => Date.now());
  const results = useQueries({
    queries: wanted.map((day) => {
      const seed = initial?.find((answer) => answer.day === day);
      return {
        queryKey: reviewKeys.day(day),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchReport<DayReviews>("/api/reviews", { day }, signal),
        // Reviews change under the person's eyes (a colleague signs off): read again on focus, unlike reports.
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        ...(seed && { initialData: seed, initialDataUpdatedAt: seededAt }),
      };
    }),
  });

  const invalidate = useCallback(() => queryClient.invalidateQueries({ queryKey: reviewKeys.all }), [queryClient]);

  // A few dozen records at most: rebuilt on each render rather than memoised on unstable query results.
  const answers = results.map((result) => result.data).filter((data): data is DayReviews => data !== undefined);
  const reviews = new Map(
    answers.flatMap((answer) => answer.reviews.map((review) => [review.itemKey, review] as const)),
  );
  const undone = new Map(
    answers.flatMap((answer) => answer.undoneReviews.map((review) => [review.itemKey, review] as const)),
  );
  const signOffs = new Map(
    answers.flatMap((answer) =>
      answer.signOffs.map(
        (signOff) =>
          [listId({ propertyName: signOff.propertyName, zone: signOff.zone, day: signOff.listDate }), signOff] as const,
      ),
    ),
  );
  const undoneSignOffs = new Map(
    answers.flatMap((answer) =>
      answer.undoneSignOffs.map(
        (signOff) =>
          [listId({ propertyName: signOff.propertyName, zone: signOff.zone, day: signOff.listDate }), signOff] as const,
      ),
    ),
  );
  return {
    ready: results.every((result) => result.data !== undefined),
    error: (results.find((result) => result.error)?.error as ReportError | undefined) ?? null,
    you: answers[0]?.you ?? NOBODY,
    reviewOf: (key) => reviews.get(key) ?? null,
    undoneReviewOf: (key) => (reviews.has(key) ? null : (undone.get(key) ?? null)),
    signOffOf: (key) => signOffs.get(key) ?? null,
    undoneSignOffOf: (key) => (signOffs.has(key) ? null : (undoneSignOffs.get(key) ?? null)),
    invalidate,
    refetch: () => results.forEach((result) => void result.refetch()),
  };
}
