"use client";

import { useTranslations } from "next-intl";
import { useActionState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { setBreakGlass } from "@/lib/features/sso/actions";

import { FormSummary } from "../form-summary";

/**
 * Marks an admin as break-glass, or unmarks them. `children` stands beside the button (who the
 * admin is, or what it means); the outcome shows under both.
 */
export function BreakGlassToggle({
  id,
  name,
  breakGlass,
  children,
}: {
  id: string;
  /** Said to screen readers after the button's words, where several admins' buttons share a list. */
  name?: string;
  breakGlass: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("admin.sso.breakGlass");
  const [result, action, pending] = useActionState(setBreakGlass, null);
  return (
    <form action={action} className="space-y-3" aria-busy={pending}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="breakGlass" value={breakGlass ? "false" : "true"} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">{children}</div>
        <Button type="submit" variant={breakGlass ? "danger" : "secondary"} size="sm" disabled={pending}>
          {pending ? t("saving") : breakGlass ? t("unmark") : t("mark")}
          {name ? <span className="sr-only"> {name}</span> : null}
        </Button>
      </div>
      <FormSummary result={result} fields={{}} successTitle={breakGlass ? t("unmarked") : t("marked")} />
    </form>
  );
}
