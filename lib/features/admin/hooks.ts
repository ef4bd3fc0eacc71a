"use client";

import { useActionState } from "react";

import type { ActionResult } from "@/lib/core/errors";

export interface FormWithValues<V, T> {
  result: ActionResult<T> | null;
  values: V;
  /** Key the fields with this: they re-mount with `values` after each submission. */
  attempt: number;
}

/**
 * useActionState that keeps what was submitted. React resets a form once its action finishes, so a
 * rejected form would otherwise come back empty; the fields re-mount with these values instead.
 * `read` must leave out passwords and secrets: those are typed again.
 */
export function useFormWithValues<V, T = undefined>(
  action: (form: FormData) => Promise<ActionResult<T>>,
  read: (form: FormData) => V,
  initial: V,
) {
  return useActionState<FormWithValues<V, T>, FormData>(
    async (previous, form) => ({
      // A redirect answers with no result: the page is being left.
      result: (await action(form)) ?? null,
      values: read(form),
      attempt: previous.attempt + 1,
    }),
    { result: null, values: initial, attempt: 0 },
  );
}
