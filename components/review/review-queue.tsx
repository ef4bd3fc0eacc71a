import { ExportButton } from "@/components/reports/export-button";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { queueHref } from "@/lib/features/review/queue-view";
import type { ReviewQueueView } from "@/lib/features/review/types";

import { QueueFilters } from "./queue-filters";
import { QueueRowCard } from "./queue-row";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What the filter keeps, in words: "overdue at Riverside Hotel"; empty for the whole queue. */
function filterWords(view: ReviewQueueView): string {
  const at = view.property ? `at ${view.property.label}` : "";
  return [view.overdueOnly ? "overdue" : "", at].filter(Boolean).join(" ");
}

function PropertyProblem({ view }: { view: ReviewQueueView }) {
  const problem = view.propertyProblem;
  if (!problem) return null;
  return (
    <Notice tone="info" title="Showing all your properties">
      {problem.kind === "shared"
        ? `Several of your properties are called “${problem.asked}”: ${problem.labels.join(", ")}. Choose one of them.`
        : `None of your properties is called “${problem.asked}”.`}
    </Notice>
  );
}

/**
 * The criminal-arrival lists waiting for a sign-off, a page at a time, as filtered and ordered; the
 * summary counts the person's whole queue, whatever the filter.
 */
export function ReviewQueue({ view, overdueHours }: { view: ReviewQueueView; overdueHours: number }) {
  if (view.total === 0) {
    return (
      <EmptyState title="Every list is signed off">
        No stored criminal-arrival list of your properties is waiting for a sign-off. Yesterday&apos;s lists join this
        queue once Daybook has stored them.
      </EmptyState>
    );
  }
  const place = { property: view.property?.label, overdueOnly: view.overdueOnly, sort: view.sort };
  const words = filterWords(view);
  const last = view.first + view.rows.length - 1;
  return (
    <section aria-labelledby="review-queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-queue-heading" className="text-lg font-semibold text-stone-900" data-testid="queue-summary">
          {plural(view.total, "list", "lists")} waiting for a sign-off
          {view.overdue > 0 ? `, ${view.overdue.toLocaleString("en-US")} overdue` : ""}
        </h2>
        <ExportButton table="review-queue" what="the review queue" params={{}} />
      </div>
      <QueueFilters key={`${place.property ?? ""}|${place.overdueOnly}|${place.sort}`} view={view} />
      <PropertyProblem view={view} />
      {view.matching === 0 ? (
        <EmptyState
          title={`No ${view.overdueOnly ? "overdue lists" : "lists waiting"}${view.property ? ` at ${view.property.label}` : ""}`}
        >
          <p>
            {view.total === 1
              ? `The one list waiting in your queue is not ${words}.`
              : `None of the ${plural(view.total, "list", "lists")} waiting in your queue is ${words}.`}{" "}
            <Link href={queueHref({ sort: view.sort })} className={buttonClass("link")}>
              Clear the filter
            </Link>
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-stone-700" data-testid="queue-position">
            Lists {view.first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of{" "}
            {view.matching.toLocaleString("en-US")}
            {words ? ` ${words}` : ""}
          </p>
          <ol className="space-y-2" data-testid="review-queue">
            {view.rows.map((row) => (
              <QueueRowCard
                key={`${row.propertyName}|${row.zone ?? ""}|${row.day}`}
                row={row}
                overdueHours={overdueHours}
              />
            ))}
          </ol>
          {view.pages > 1 ? (
            <Pager
              label="Review queue pages"
              previous={view.page > 1 ? { href: queueHref({ ...place, page: view.page - 1 }), text: "Previous" } : null}
              next={
                view.page < view.pages ? { href: queueHref({ ...place, page: view.page + 1 }), text: "Next" } : null
              }
            >
              <span className="text-stone-700" data-testid="queue-page">
                Page {view.page} of {view.pages}
              </span>
            </Pager>
          ) : null}
        </>
      )}
    </section>
  );
}
