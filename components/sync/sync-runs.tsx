import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant } from "@/components/ui/instants";
import { Pager } from "@/components/ui/pager";
import type { Formatter } from "@/lib/core/format";
import type { Page } from "@/lib/core/paging";
import { getFormat } from "@/lib/features/preferences/server";
import type { SyncRun } from "@/lib/features/sync/types";

import { CorrelationId, EndpointResults } from "./endpoint-results";
import { OutcomeBadge } from "./outcome-badge";
import { describeDuration, TRIGGER_KEYS } from "./words";

/**
 * One pull. Its message is the run's own record, written in English when it ran
 * (lib/features/sync/messages.ts); what the screen says around it is in the person's language.
 */
function Run({ run, format }: { run: SyncRun; format: Formatter }) {
  const t = useTranslations("sync.runs");
  const words = useTranslations("sync");
  const started = () => <EventInstant at={run.startedAt} />;
  return (
    <li className={`p-4 ${cardClass}`} data-testid="sync-run">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <OutcomeBadge outcome={run.outcome} />
        <p className="font-medium text-stone-900">
          {run.reportedDate
            ? t.rich("reportedDay", {
                day: run.reportedDate,
                time: (chunks) => <time dateTime={run.reportedDate ?? undefined}>{chunks}</time>,
              })
            : t("noReportedDay")}
        </p>
        <p className="text-sm text-stone-600">{words(`trigger.${TRIGGER_KEYS[run.trigger]}`)}</p>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {run.finishedAt
          ? t.rich("startedTook", { started, took: describeDuration(words, format, run.startedAt, run.finishedAt) })
          : run.outcome === "running"
            ? t.rich("startedRunning", { started })
            : t.rich("started", { started })}
      </p>
      {/* Written in English when it ran (lib/features/sync/messages.ts): marked so, for screen readers. */}
      {run.message ? (
        <p lang="en" className="mt-2 text-sm [overflow-wrap:anywhere] text-stone-800">
          {run.message}
        </p>
      ) : null}
      {run.correlationId ? (
        <p className="mt-2 text-sm text-stone-700">
          {t("quote")} <CorrelationId id={run.correlationId} />
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
export async function SyncRuns({ runs, demo }: { runs: Page<SyncRun>; demo: boolean }) {
  const [t, format] = await Promise.all([getTranslations("sync.runs"), getFormat()]);
  if (runs.total === 0) {
    return <EmptyState title={t("none.title")}>{t("none.body")}</EmptyState>;
  }
  return (
    <section aria-labelledby="sync-runs-heading">
      <h2 id="sync-runs-heading" className="mb-1 text-lg font-semibold text-stone-900">
        {t("heading")}
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {t("intro", {
          shown: runs.pages > 1 ? "part" : runs.total === 1 ? "one" : "all",
          first: runs.first,
          last: runs.first + runs.rows.length - 1,
          total: runs.total,
          demo: demo ? "yes" : "no",
          zone: format.eventZone,
        })}
      </p>
      <ol aria-label={t("listLabel")} className="space-y-3">
        {runs.rows.map((run) => (
          <Run key={run.id} run={run} format={format} />
        ))}
      </ol>
      {runs.pages > 1 ? (
        <Pager
          label={t("pagesLabel")}
          previous={runs.page > 1 ? { href: pageHref(runs.page - 1), text: t("newer") } : null}
          next={runs.page < runs.pages ? { href: pageHref(runs.page + 1), text: t("older") } : null}
        >
          <span className="text-stone-700" data-testid="sync-runs-page">
            {t("page", { page: runs.page, pages: runs.pages })}
          </span>
        </Pager>
      ) : null}
    </section>
  );
}
