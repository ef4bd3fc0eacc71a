/** The pieces every investigation screen is made of, so that the screens read alike. */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { ExportButton } from "@/components/reports/export-button";
import { cardClass } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import type { ExportTableName } from "@/lib/features/export/audit";
import type { WindowDays } from "@/lib/features/investigations/view";

/** A table's cells: a head, and a figure (right-aligned, its digits lined up). */
export const thClass = "px-3 py-2";
export const numClass = "px-3 py-2 text-right tabular-nums";

/** A figure first, its words under it. */
export function FigureTile({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className={`p-4 ${cardClass}`} data-testid={testId}>
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold break-words text-stone-900" data-figure>
        {value}
      </p>
      {detail ? <p className="mt-1 text-sm text-stone-600">{detail}</p> : null}
    </div>
  );
}

/**
 * A card of the screen, named by its heading; `action` (a CSV button, or null where there is none
 * to offer) stands beside the heading.
 */
export function InvestigationSection({
  id,
  title,
  action,
  className,
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${className ? `${className} ` : ""}p-4 sm:p-5 ${cardClass}`}
      data-testid={testId}
    >
      {action === undefined ? (
        <h2 id={id} className="mb-3 text-base font-semibold text-stone-900">
          {title}
        </h2>
      ) : (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id={id} className="text-base font-semibold text-stone-900">
            {title}
          </h2>
          {action}
        </div>
      )}
      {children}
    </section>
  );
}

/** A section holding one table of a screen whose CSV is a table at a time (`?part=`). */
export function PartSection({
  id,
  title,
  part,
  table,
  what,
  view,
  csv,
  children,
}: {
  id: string;
  title: string;
  part: string;
  table: ExportTableName;
  /** The table, as the CSV button names it: "the alert response by hour of check-in". */
  what: string;
  view: { window: WindowDays; property: string | null };
  csv: boolean;
  children: ReactNode;
}) {
  return (
    <InvestigationSection
      id={id}
      title={title}
      testId={id}
      action={
        csv ? (
          <ExportButton
            table={table}
            params={{ window: String(view.window), property: view.property, part }}
            what={what}
          />
        ) : null
      }
    >
      {children}
    </InvestigationSection>
  );
}

/**
 * Said when `?property=` names none of the properties the screen offers: every property is shown.
 * `children`: the screen's own words for it.
 */
export function UnknownPropertyNotice({
  asked,
  title,
  children,
}: {
  asked: string | null;
  title?: string;
  children?: ReactNode;
}) {
  const t = useTranslations("investigations.parts.unknownProperty");
  if (asked === null) return null;
  return (
    <Notice tone="info" title={title ?? t("title")}>
      {children ?? t("body", { asked })}
    </Notice>
  );
}

/** How a screen is judged: one line, with the details folded away; the figures come first. */
export function HowJudged({ summary, children }: { summary: string; children: ReactNode }) {
  const t = useTranslations("investigations.parts");
  return (
    <details className="rounded-md border border-stone-200 text-sm" data-testid="how-judged">
      <summary className="cursor-pointer px-3 py-2 font-medium text-stone-800 hover:bg-stone-50">
        {t("howJudged", { summary })}
      </summary>
      <div className="space-y-2 border-t border-stone-200 px-3 py-2 text-stone-700">{children}</div>
    </details>
  );
}

/** Under How this is judged: the stored days of the window whose guest data retention removed. */
export function PurgedDaysNote({ days, what }: { days: number; what: "alerts" | "flags" }) {
  const t = useTranslations("investigations.parts");
  if (days === 0) return null;
  return <p>{t("purgedDays", { days, what })}</p>;
}
