import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { UtcInstant } from "@/components/ui/utc-instant";
import type { Page } from "@/lib/core/paging";
import type { SyncRun } from "@/lib/features/sync/types";

import { CorrelationId, EndpointResults } from "./endpoint-results";
import { OutcomeBadge } from "./outcome-badge";
import { describeDuration, TRIGGER_LABELS } from "./words";

function Run({ run }: { run: SyncRun }) {
  return (
    <li className={`p-4 ${cardClass}`} data-testid="sync-run">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <OutcomeBadge outcome={run.outcome} />
        <p className="font-medium text-stone-900">
          {run.reportedDate ? (
            <>
              Reported day <time dateTime={run.reportedDate}>{run.reportedDate}</time>
            </>
          ) : (
            "No reported day"
          )}
        </p>
        <p className="text-sm text-stone-600">{TRIGGER_LABELS[run.trigger]}</p>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Started <UtcInstant at={run.startedAt} />
        {run.finishedAt ? (
          <>, took {describeDuration(run.startedAt, run.finishedAt)}</>
        ) : run.outcome === "running" ? (
          ", still running"
        ) : (
          ""
        )}
      </p>
      {run.message ? <p className="mt-2 text-sm text-stone-800">{run.message}</p> : null}
      {run.correlationId ? (
        <p className="mt-2 text-sm text-stone-700">
          Quote to the API&apos;s support: <CorrelationId id={run.correlationId} />
        </p>
      ) : null}
      <div className="mt-3">
        <EndpointResults endpoints={run.endpoints} />
      </div>
    </li>
  );
}

const pageHref = (page: number) =>
  page > 1 ? `/admin/sync?page=${page}#sync-runs-heading` : "/admin/sync#sync-runs-heading";

/** The runs a page at a time, newest first. */
export function SyncRuns({ runs, demo }: { runs: Page<SyncRun>; demo: boolean }) {
  if (runs.total === 0) {
    return (
      <EmptyState title="No pull has run yet">
        The scheduler pulls yesterday once every property&apos;s day has closed; “Pull now” pulls at once.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="sync-runs-heading">
      <h2 id="sync-runs-heading" className="mb-1 text-lg font-semibold text-stone-900">
        Runs
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {runs.pages > 1
          ? `Pulls ${runs.first}–${runs.first + runs.rows.length - 1} of ${runs.total}`
          : runs.total === 1
            ? "The one pull"
            : `All ${runs.total} pulls`}
        , newest first. Times are in UTC
        {demo ? "; the demo history's runs carry the simulated time of their pull" : ""}.
      </p>
      <ol aria-label="Pulls, newest first" className="space-y-3">
        {runs.rows.map((run) => (
          <Run key={run.id} run={run} />
        ))}
      </ol>
      {runs.pages > 1 ? (
        <Pager
          label="Pulls pages"
          previous={runs.page > 1 ? { href: pageHref(runs.page - 1), text: "Newer" } : null}
          next={runs.page < runs.pages ? { href: pageHref(runs.page + 1), text: "Older" } : null}
        >
          <span className="text-stone-700" data-testid="sync-runs-page">
            Page {runs.page} of {runs.pages}
          </span>
        </Pager>
      ) : null}
    </section>
  );
}
