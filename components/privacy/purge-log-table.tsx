import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant } from "@/components/ui/instants";
import { Link } from "@/components/ui/link";
import { POLICY_FIELDS, PURGE_REASONS, type PolicyField, type PurgeReason } from "@/lib/core/privacy";
import type { PurgeLogPage } from "@/lib/features/privacy/types";

import { Count } from "./count";

/** A missing value: a dash to the eye, "none" to a screen reader. */
function Dash() {
  const t = useTranslations("privacy.purgeLog");
  return (
    <>
      <span aria-hidden className="text-stone-500">
        —
      </span>
      <span className="sr-only">{t("none")}</span>
    </>
  );
}

const isPolicyField = (field: string): field is PolicyField => (POLICY_FIELDS as readonly string[]).includes(field);

const COLUMNS = ["when", "reason", "rule", "day", "property", "kind", "rows", "fields"] as const;

/** Where a filter or a page of the purge log lives: Admin → Privacy's own address. */
function hrefOf(reason: PurgeReason | undefined, before?: number): string {
  const params = new URLSearchParams();
  if (reason) params.set("reason", reason);
  if (before !== undefined) params.set("before", String(before));
  const query = params.toString();
  return `/admin/privacy${query ? `?${query}` : ""}#purge-log`;
}

/** The purge log: every removal, newest first, a page at a time, by reason; what and how much, never the data. */
export function PurgeLogTable({
  page,
  reason,
  paged,
  zone,
}: {
  page: PurgeLogPage;
  reason: PurgeReason | undefined;
  /** Showing a later page: a link back to the newest. */
  paged: boolean;
  /** The zone the times are drawn in: the person's own (`Formatter.eventZone`). */
  zone: string;
}) {
  const t = useTranslations("privacy.purgeLog");
  const reasons = useTranslations("privacy.purgeReasons");
  const fieldWords = useTranslations("privacy.fields");
  // A field the policies no longer name is shown as it was logged.
  const fieldLabel = (field: string) => (isPolicyField(field) ? fieldWords(field) : field);
  const csv = `/api/export/purge-log${reason ? `?reason=${reason}` : ""}`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("byReason")}>
          <ul className="flex flex-wrap gap-2 text-sm">
            {[undefined, ...PURGE_REASONS].map((option) => (
              <li key={option ?? "all"}>
                <Link
                  href={hrefOf(option)}
                  aria-current={option === reason ? "page" : undefined}
                  className={buttonClass(option === reason ? "primary" : "secondary", "sm")}
                >
                  {option ? reasons(option) : t("all")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {page.total > 0 ? (
          <a href={csv} download className={buttonClass("secondary", "sm")}>
            {t("csv")}
          </a>
        ) : null}
      </div>
      {page.rows.length === 0 ? (
        <EmptyState title={t("emptyTitle", { reason: reason ?? "all" })}>{t("emptyBody")}</EmptyState>
      ) : (
        <>
          <p className="text-sm text-stone-600" data-testid="purge-log-count">
            {t("count", { total: page.total })}
          </p>
          <div role="region" aria-label={t("entries")} tabIndex={0} className={`overflow-x-auto ${cardClass}`}>
            <table className="min-w-full divide-y divide-stone-200 text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <ColumnHeads
                className="bg-stone-50"
                cellClassName="px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase"
                columns={COLUMNS.map((column) =>
                  column === "when" ? t("columns.when", { zone }) : t(`columns.${column}`),
                )}
              />
              <tbody className="divide-y divide-stone-100">
                {page.rows.map((row) => (
                  <tr key={row.id} data-testid="purge-log-row">
                    <td className="px-3 py-2 whitespace-nowrap">
                      <EventInstant at={row.at} />
                    </td>
                    <td className="px-3 py-2">{reasons(row.reason)}</td>
                    <td className="px-3 py-2">{row.rule}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.day ?? <Dash />}</td>
                    <td className="px-3 py-2">{row.propertyName ?? <Dash />}</td>
                    <td className="px-3 py-2">{row.kind}</td>
                    <td className="px-3 py-2 tabular-nums">
                      <Count value={row.rows} />
                    </td>
                    <td className="px-3 py-2">
                      {row.fields && row.fields.length > 0 ? row.fields.map(fieldLabel).join(", ") : <Dash />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t("pages")} className="flex gap-3 text-sm">
            {paged ? (
              <Link href={hrefOf(reason)} className={buttonClass("link")}>
                {t("newest")}
              </Link>
            ) : null}
            {page.nextBefore !== null ? (
              <Link href={hrefOf(reason, page.nextBefore)} className={buttonClass("link")}>
                {t("older")}
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </div>
  );
}
