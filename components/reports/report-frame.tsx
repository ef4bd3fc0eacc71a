"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { HeldCopy, PurgeNotes, StoredCopy, StoredCoverage } from "@/lib/features/history/types";
import { useFormat } from "@/lib/features/preferences/hooks";
import { describePending } from "@/lib/features/reports/day-choice";
import { useHydrated } from "@/lib/features/reports/hooks";
import type { Failure } from "@/lib/features/reports/types";

import { FailureNotice } from "./failure-notice";

/** What a report hook (lib/features/reports/hooks.ts) gives the frame. */
interface FramedReport {
  data?: { storedCopy: StoredCopy | null; held?: HeldCopy | null; message?: string | null } & Partial<PurgeNotes>;
  error: Failure | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The API's own `message` on a report, in its words, as every screen that shows a report puts it. */
export function UpstreamMessage({ message }: { message: string }) {
  const t = useTranslations("reports.frame");
  return (
    <Notice tone="info" title={t("upstreamNotice")}>
      <p data-testid="upstream-message">{message}</p>
    </Notice>
  );
}

/**
 * The properties of the person's a day does not hold yet, named a click away (a group's day can
 * miss a hundred properties: never a wall of names), each with when its day closes there.
 */
function PendingCoverage({ coverage, testId }: { coverage: StoredCoverage; testId: string }) {
  const t = useTranslations("reports");
  const format = useFormat();
  const pending =
    coverage.pending ?? coverage.missing.map((name) => ({ name, closesAt: null, zone: null, closed: true }));
  if (pending.length === 0) return null;
  const total = coverage.covered.length + pending.length;
  return (
    <details className="text-xs text-stone-700" data-testid={testId}>
      <summary className="cursor-pointer">
        {t("frame.coverage", { covered: coverage.covered.length, total, pending: pending.length })}
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {pending.map((property) => (
          <li key={property.name}>{describePending(property, t, format)}</li>
        ))}
      </ul>
      <p className="mt-1">{t("frame.coverageRule")}</p>
    </details>
  );
}

/** Where the figures come from, in one line; how Daybook keeps them a click away. */
function Provenance({
  copy,
  liveField,
  testId,
  stored,
}: {
  copy: StoredCopy;
  liveField: boolean;
  testId: string;
  /** A day picked from the history, rather than yesterday as Daybook holds it. */
  stored: boolean;
}) {
  const t = useTranslations("reports.frame");
  const format = useFormat();
  const live = liveField && copy.liveObservedAt ? "yes" : "no";
  return (
    <details className="text-xs text-stone-600" data-testid={testId}>
      <summary className="cursor-pointer">
        {t("provenance", {
          day: format.shortDay(copy.reportedDate),
          read: format.event(copy.pulledAt),
          live,
          liveAt: copy.liveObservedAt ? format.event(copy.liveObservedAt) : "",
        })}
      </summary>
      <p className="mt-1">
        {t("provenanceDetail", {
          stored: stored ? "yes" : "no",
          day: format.calendarDay(copy.reportedDate),
          pulled: format.event(copy.pulledAt),
          live,
        })}
      </p>
    </details>
  );
}

/**
 * A stored day some of whose guest data is gone: the properties whose part their policy's retention
 * removed (the table lists the others), and the arrivals erased at a guest's request.
 */
function PurgedNotice({ notes }: { notes: Partial<PurgeNotes> }) {
  const t = useTranslations("reports.frame");
  const purged = notes.purgedProperties ?? [];
  const erased = notes.erasedArrivals ?? 0;
  if (purged.length === 0 && erased === 0) return null;
  return (
    <Notice tone="info" title={t("purgedTitle")}>
      {purged.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5" data-testid="purged-properties">
          {purged.map((entry) => (
            <li key={entry.propertyName}>
              {t("purgedProperty", { property: entry.propertyName, policy: entry.policy, days: entry.retentionDays })}
            </li>
          ))}
        </ul>
      ) : null}
      {erased > 0 ? <p data-testid="erased-arrivals">{t("erased", { count: erased })}</p> : null}
    </Notice>
  );
}

/**
 * Yesterday as Daybook holds it: from when, whether some property's day is still to come, and,
 * when the API did not answer a call the report needed, that the copy shown is stale.
 */
function HeldNotice({ held, liveField, provenance }: { held: HeldCopy; liveField: boolean; provenance: boolean }) {
  const t = useTranslations("reports.frame");
  const format = useFormat();
  const stale = held.stale;
  const staleValues = stale && {
    failedAt: format.event(stale.failedAt),
    code: stale.code,
    readAt: format.event(held.liveObservedAt ?? held.pulledAt),
  };
  return (
    <>
      {stale && staleValues ? (
        <Notice tone="warning" title={t("staleTitle")}>
          <p data-testid="stale-copy">
            {stale.correlationId
              ? t.rich("staleWithId", {
                  ...staleValues,
                  correlationId: stale.correlationId,
                  id: (chunks) => <code data-testid="stale-correlation-id">{chunks}</code>,
                })
              : t("stale", staleValues)}
          </p>
        </Notice>
      ) : null}
      {provenance ? <Provenance copy={held} liveField={liveField} testId="held-copy" stored={false} /> : null}
      {held.coverage ? <PendingCoverage coverage={held.coverage} testId="held-coverage" /> : null}
    </>
  );
}

/**
 * What every report screen has around its report: where it comes from (Daybook's stored copy, or
 * the API's own notice), the Refresh control, and a failure in words, with a note when the report
 * shown is from an earlier load. The report itself is `children`.
 */
export function ReportFrame({
  report,
  noun,
  what,
  isAdmin,
  errorTestId,
  errorActions,
  liveField = false,
  head,
  ownProvenance = false,
  children,
}: {
  report: FramedReport;
  /** What the report's rows are, in the notes about a refresh, in the person's language: "figures", "arrivals". */
  noun: string;
  /** What could not be loaded, in the failure notice, in the person's language: "the usage summary". */
  what: string;
  isAdmin: boolean;
  errorTestId: string;
  /** Under the failure notice: a way out, e.g. clearing the filter that was refused. */
  errorActions?: ReactNode;
  /** The report has a field read live ("Currently banned"): a stored copy says as of when. */
  liveField?: boolean;
  /** Beside the Refresh control, under the notices: the report's times. */
  head?: ReactNode;
  /** `head` says where the figures come from: the frame's own one-line provenance is left out. */
  ownProvenance?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("reports.frame");
  const { data, error, isFetching } = report;
  const hydrated = useHydrated();
  // Before React runs in the browser a click would do nothing: the control says it is not ready.
  const busy = isFetching || !hydrated;
  return (
    <div className="space-y-4" aria-busy={isFetching}>
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-3">
          {data?.storedCopy ? (
            <>
              {ownProvenance ? null : (
                <Provenance copy={data.storedCopy} liveField={liveField} testId="stored-copy" stored />
              )}
              {data.storedCopy.coverage ? (
                <PendingCoverage coverage={data.storedCopy.coverage} testId="stored-coverage" />
              ) : null}
            </>
          ) : null}
          {data?.held ? <HeldNotice held={data.held} liveField={liveField} provenance={!ownProvenance} /> : null}
          {data ? <PurgedNotice notes={data} /> : null}
          {data?.message ? <UpstreamMessage message={data.message} /> : null}
          {head}
        </div>
        <div className="flex flex-col items-end gap-1">
          <Button
            size="sm"
            onClick={() => {
              if (!busy) void report.refetch();
            }}
            aria-disabled={busy}
            className="aria-disabled:cursor-progress aria-disabled:opacity-70"
          >
            <span aria-hidden className={isFetching ? "inline-block animate-spin" : "inline-block"}>
              {"↻"}
            </span>
            {isFetching ? t("refreshing") : t("refresh")}
          </Button>
          <p className="max-w-56 text-right text-xs text-stone-600" aria-live="polite" data-testid="refresh-status">
            {isFetching ? (data ? t("refreshingKeeps", { noun }) : t("loading")) : ""}
          </p>
        </div>
      </div>

      {error ? (
        <div className="space-y-2" data-testid={errorTestId}>
          <FailureNotice failure={error} what={what} isAdmin={isAdmin} />
          {errorActions}
          {data ? <p className="text-sm text-stone-700">{t("lastLoad", { noun })}</p> : null}
        </div>
      ) : null}

      {children}
    </div>
  );
}
