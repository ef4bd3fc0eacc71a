import { useTranslations } from "next-intl";

import { ExportButton } from "@/components/reports/export-button";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import type { Formatter } from "@/lib/core/format";
import { listProperty } from "@/lib/features/review/list";
import { queueHref } from "@/lib/features/review/queue-view";
import type { ReviewQueueView } from "@/lib/features/review/types";

import { QueueFilters } from "./queue-filters";
import { QueueRowCard } from "./queue-row";

/** What the filter keeps, as the catalogue's sentences choose their words: "overdueAt" a property, … */
function filterOf(view: ReviewQueueView): "overdueAt" | "overdue" | "at" | "none" {
  if (view.overdueOnly) return view.property ? "overdueAt" : "overdue";
  return view.property ? "at" : "none";
}

function PropertyProblem({ view }: { view: ReviewQueueView }) {
  const t = useTranslations("review.queue");
  const review = useTranslations("review");
  const problem = view.propertyProblem;
  if (!problem) return null;
  const labels = problem.properties.map((property) => listProperty(property, review)).join(", ");
  return (
    <Notice tone="info" title={t("problemTitle")}>
      {problem.kind === "shared"
        ? t("problemShared", { asked: problem.asked, labels })
        : t("problemUnknown", { asked: problem.asked })}
    </Notice>
  );
}

/**
 * The criminal-arrival lists waiting for a sign-off, a page at a time, as filtered and ordered; the
 * summary counts the person's whole queue, whatever the filter. `format`: the person's formatter.
 */
export function ReviewQueue({
  view,
  overdueHours,
  format,
}: {
  view: ReviewQueueView;
  overdueHours: number;
  format: Formatter;
}) {
  const t = useTranslations("review.queue");
  const review = useTranslations("review");
  if (view.total === 0) {
    return <EmptyState title={t("emptyTitle")}>{t("emptyBody")}</EmptyState>;
  }
  const place = { property: view.property?.label, overdueOnly: view.overdueOnly, sort: view.sort };
  const filter = { filter: filterOf(view), property: view.property ? listProperty(view.property, review) : "" };
  const last = view.first + view.rows.length - 1;
  return (
    <section aria-labelledby="review-queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-queue-heading" className="text-lg font-semibold text-stone-900" data-testid="queue-summary">
          {view.overdue > 0
            ? t("summaryOverdue", { total: view.total, overdue: view.overdue })
            : t("summary", { total: view.total })}
        </h2>
        <ExportButton table="review-queue" what={t("exportWhat")} params={{}} />
      </div>
      <QueueFilters key={`${place.property ?? ""}|${place.overdueOnly}|${place.sort}`} view={view} />
      <PropertyProblem view={view} />
      {view.matching === 0 ? (
        <EmptyState title={t("noMatchTitle", filter)}>
          <p>
            {t("noMatchBody", { ...filter, total: view.total })}{" "}
            <Link href={queueHref({ sort: view.sort })} className={buttonClass("link")}>
              {t("clearFilter")}
            </Link>
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-stone-700" data-testid="queue-position">
            {t("position", { ...filter, first: view.first, last, matching: view.matching })}
          </p>
          <ol className="space-y-2" data-testid="review-queue">
            {view.rows.map((row) => (
              <QueueRowCard
                key={`${row.propertyName}|${row.zone ?? ""}|${row.day}`}
                row={row}
                overdueHours={overdueHours}
                format={format}
              />
            ))}
          </ol>
          {view.pages > 1 ? (
            <Pager
              label={t("pages")}
              previous={
                view.page > 1 ? { href: queueHref({ ...place, page: view.page - 1 }), text: t("previous") } : null
              }
              next={
                view.page < view.pages ? { href: queueHref({ ...place, page: view.page + 1 }), text: t("next") } : null
              }
            >
              <span className="text-stone-700" data-testid="queue-page">
                {t("page", { page: view.page, pages: view.pages })}
              </span>
            </Pager>
          ) : null}
        </>
      )}
    </section>
  );
}
