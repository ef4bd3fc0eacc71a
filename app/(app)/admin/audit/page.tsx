import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { FullIdBadge } from "@/components/admin/audit-entry-parts";
import { AuditFilters } from "@/components/admin/audit-filters";
import { AuditTable } from "@/components/admin/audit-table";
import { NoAccess } from "@/components/layout/no-access";
import { ExportButton } from "@/components/reports/export-button";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { getFormat } from "@/lib/features/preferences/server";
import {
  AUDIT_PAGE_SIZE,
  listAuditEvents,
  parseAuditSearchParams,
  type AuditFilters as Filters,
} from "@/lib/server/audit/query";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("audit.title") }) };
}

function auditHref(filters: Filters, before?: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  if (before !== undefined) query.set("before", String(before));
  const text = query.toString();
  return text ? `/admin/audit?${text}` : "/admin/audit";
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/admin/audit");
  const t = await getTranslations("admin.audit");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const { filters, beforeId, ignored } = parseAuditSearchParams(
    await searchParams,
    await getTranslations("admin.auditFilters"),
  );
  const [page, format] = await Promise.all([
    listAuditEvents(await getDb(), filters, { beforeId, limit: AUDIT_PAGE_SIZE }),
    getFormat(),
  ]);
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <AdminHeader
        title={t("title")}
        description={t("description", { size: format.number(AUDIT_PAGE_SIZE), zone: format.eventZone })}
      />
      <div className="space-y-4">
        <AuditFilters filters={filters} />
        {filters.action !== "export.full_id" ? (
          <p className="text-sm text-stone-700">
            {t.rich("fullIdMarked", { badge: () => <FullIdBadge /> })}{" "}
            <Link href={auditHref({ action: "export.full_id" })} className="font-medium underline">
              {t("onlyFullId")}
            </Link>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600">{t("downloadAll")}</p>
          <ExportButton table="audit-log" what={t("what")} params={{ ...filters }} />
        </div>
        {ignored.length > 0 ? (
          <Notice tone="warning" title={t("ignoredTitle")}>
            {t("ignored", { list: ignored.join("; ") })}
          </Notice>
        ) : null}
        {beforeId !== undefined ? <p className="text-sm text-stone-600">{t("older")}</p> : null}
        <AuditTable rows={page.rows} filtered={filtered || beforeId !== undefined} zone={format.eventZone} />
        {beforeId !== undefined || page.nextCursor !== null ? (
          <nav aria-label={t("pages")} className="flex flex-wrap gap-3">
            {beforeId !== undefined ? (
              <Link href={auditHref(filters)} className={buttonClass("secondary")}>
                <span aria-hidden>{"←"}</span>
                {t("newest")}
              </Link>
            ) : null}
            {page.nextCursor !== null ? (
              <Link href={auditHref(filters, page.nextCursor)} className={buttonClass("secondary")}>
                {t("olderLink")}
                <span aria-hidden>→</span>
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
