import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/**
 * A table that scrolls sideways inside its own box on narrow screens, so the page never does; the
 * box is a labelled, focusable region, so keyboard users can scroll it too.
 */
export function ScrollTable({
  label,
  minWidth,
  testId,
  children,
}: {
  /** What the table holds, in the person's language; "(scrolls sideways on narrow screens)" is added. */
  label: string;
  /** A Tailwind min-width class, e.g. "min-w-[44rem]". */
  minWidth: string;
  testId?: string;
  children: ReactNode;
}) {
  const t = useTranslations("ui");
  return (
    <div
      className="relative overflow-x-auto rounded-md border border-stone-200"
      tabIndex={0}
      role="region"
      aria-label={t("scrollTable", { label })}
    >
      <table className={`w-full ${minWidth} border-collapse text-sm`} data-testid={testId}>
        {children}
      </table>
    </div>
  );
}
