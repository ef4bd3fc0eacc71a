import type { Metadata } from "next";

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
import {
  AUDIT_PAGE_SIZE,
  listAuditEvents,
  parseAuditSearchParams,
  type AuditFilters as Filters,
} from "@/lib/server/audit/query";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getDb } from "@/lib/server/db";

export const metadata: Metadata = { title: "Audit log · Admin" };

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
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Audit log" />;
  const { filters, beforeId, ignored } = parseAuditSearchParams(await searchParams);
  const page = await listAuditEvents(await getDb(), filters, { beforeId, limit: AUDIT_PAGE_SIZE });
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <AdminHeader
        title="Audit log"
        description={`Who did what and when, newest first, ${AUDIT_PAGE_SIZE} to a page. Times are in UTC.`}
      />
      <div className="space-y-4">
        <AuditFilters filters={filters} />
        {filters.action !== "export.full_id" ? (
          <p className="text-sm text-stone-700">
            Files of full identification numbers are marked <FullIdBadge />.{" "}
            <Link href={auditHref({ action: "export.full_id" })} className="font-medium underline">
              Show only full identification exports
            </Link>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600">
            The download has every entry these filters match, not only this page.
          </p>
          <ExportButton table="audit-log" what="the audit log" params={{ ...filters }} />
        </div>
        {ignored.length > 0 ? (
          <Notice tone="warning" title="Some filters were not understood and are not applied">
            {ignored.join("; ")}.
          </Notice>
        ) : null}
        {beforeId !== undefined ? <p className="text-sm text-stone-600">Showing older entries.</p> : null}
        <AuditTable rows={page.rows} filtered={filtered || beforeId !== undefined} />
        {beforeId !== undefined || page.nextCursor !== null ? (
          <nav aria-label="Audit log pages" className="flex flex-wrap gap-3">
            {beforeId !== undefined ? (
              <Link href={auditHref(filters)} className={buttonClass("secondary")}>
                <span aria-hidden>←</span>Newest entries
              </Link>
            ) : null}
            {page.nextCursor !== null ? (
              <Link href={auditHref(filters, page.nextCursor)} className={buttonClass("secondary")}>
                Older entries<span aria-hidden>→</span>
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
