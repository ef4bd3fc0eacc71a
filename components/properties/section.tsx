import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { FailureNotice } from "@/components/reports/failure-notice";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { ScrollTable } from "@/components/ui/scroll-table";
import { Skeleton, SkeletonLines } from "@/components/ui/skeleton";
import type { Formatter } from "@/lib/core/format";
import { describeRetentionNote } from "@/lib/features/comparison/retention";
import type { GuestDataSection } from "@/lib/features/comparison/server";
import type { Loaded } from "@/lib/features/reports/types";

/** One section of the comparison: a titled region, as the Overview's sections look. */
function ComparisonSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-testid={id} className={`min-w-0 p-4 sm:p-5 ${cardClass}`}>
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h2>
      {description ? <div className="mt-1 mb-3 space-y-1 text-sm text-stone-600">{description}</div> : null}
      {children}
    </section>
  );
}

/**
 * A section drawn from what the page loaded for it: its figures, or where they would have been the
 * failure in words, or (`null`: a section built on stored days, and Daybook has none yet) that
 * history builds up day by day.
 */
export function LoadedSection<T>({
  id,
  title,
  what,
  loaded,
  isAdmin,
  description,
  children,
}: {
  id: string;
  /** The section's heading, in the person's language. */
  title: string;
  /** What could not be loaded, in the person's language: "the trends". */
  what: string;
  loaded: Loaded<T | null>;
  isAdmin: boolean;
  description?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations("properties.noStoredDays");
  if (!loaded.ok) {
    return (
      <ComparisonSection id={id} title={title}>
        <div data-testid="section-error">
          <FailureNotice failure={loaded} isAdmin={isAdmin} what={what} />
        </div>
      </ComparisonSection>
    );
  }
  if (loaded.data === null) {
    return (
      <ComparisonSection id={id} title={title}>
        <EmptyState title={t("title")}>{t("body")}</EmptyState>
      </ComparisonSection>
    );
  }
  return (
    <ComparisonSection id={id} title={title} description={description?.(loaded.data)}>
      {children(loaded.data)}
    </ComparisonSection>
  );
}

/** What a figure drawn from guest data leaves out: removed days, and properties that share a name. */
function GuestDataNotes({ section, format }: { section: GuestDataSection<unknown>; format: Formatter }) {
  const t = useTranslations("properties.guestData");
  const retention = useTranslations("properties.retention");
  return (
    <>
      {section.retentionNote ? (
        <div className="mb-3" data-testid="retention-note">
          <Notice tone="info" title={t("retentionTitle")}>
            {describeRetentionNote(retention, format, section.retentionNote)}
          </Notice>
        </div>
      ) : null}
      {section.sharedNames.length > 0 ? (
        <p className="mt-2 text-xs text-stone-600" data-testid="shared-names-note">
          {t("sharedNames", { names: section.sharedNames.join(", ") })}
        </p>
      ) : null}
    </>
  );
}

/**
 * A section's figures drawn from guest data: what they leave out, then a row per property, its name
 * first, then its `cells`.
 */
export function GuestDataTable<F extends { label: string }>({
  section,
  format,
  label,
  minWidth,
  testId,
  caption,
  head,
  rowTestId,
  cells,
}: {
  section: GuestDataSection<F>;
  format: Formatter;
  /** The scrolling box's name, in the person's language: "Sign-off timeliness by property". */
  label: string;
  minWidth: string;
  testId: string;
  caption: string;
  head: ReactNode;
  rowTestId: string;
  cells: (figure: F) => ReactNode;
}) {
  return (
    <>
      <GuestDataNotes section={section} format={format} />
      <ScrollTable label={label} minWidth={minWidth} testId={testId}>
        <caption className="sr-only">{caption}</caption>
        {head}
        <tbody className="tabular-nums">
          {section.figures.map((figure) => (
            <tr key={figure.label} className="border-b border-stone-100 last:border-0" data-testid={rowTestId}>
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                {figure.label}
              </th>
              {cells(figure)}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}

/** Stands where a section of the comparison will be while its figures load; `label` says what, in the person's language. */
export function SectionSkeleton({ label, chart = false }: { label: string; chart?: boolean }) {
  return (
    <div className={`space-y-4 p-4 sm:p-5 ${cardClass}`}>
      <Skeleton className="h-5 w-56" />
      <SkeletonLines lines={2} label={label} />
      {chart ? <Skeleton className="h-64" /> : null}
      <Skeleton className="h-40" />
    </div>
  );
}

/** The whole screen's shape while the page itself loads. */
export function PropertiesSkeleton() {
  const t = useTranslations("properties.loading");
  return (
    <div className="space-y-6">
      <Skeleton className="h-16" />
      <SectionSkeleton label={t("sideBySide")} />
      <SectionSkeleton label={t("trends")} chart />
      <SectionSkeleton label={t("acknowledgement")} />
      <SectionSkeleton label={t("signOff")} />
    </div>
  );
}
