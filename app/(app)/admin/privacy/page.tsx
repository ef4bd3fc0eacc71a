import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";

import { AdminHeader } from "@/components/admin/admin-header";
import { NoAccess } from "@/components/layout/no-access";
import { PolicyApplyButton } from "@/components/privacy/policy-apply-button";
import { PolicyAssignments } from "@/components/privacy/policy-assignments";
import { PolicyForm } from "@/components/privacy/policy-form";
import { PolicyList } from "@/components/privacy/policy-list";
import { PurgeLogTable } from "@/components/privacy/purge-log-table";
import { Card } from "@/components/ui/card";
import { SkeletonLines } from "@/components/ui/skeleton";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { PURGE_REASONS, type PurgeReason } from "@/lib/core/privacy";
import { getFormat } from "@/lib/features/preferences/server";
import { getPrivacyAdmin, getPurgeLogPage } from "@/lib/features/privacy/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("privacy.title") }) };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The purge log's filter and page from the address; anything else is the newest page of all. */
function purgeQuery(params: Record<string, string | string[] | undefined>) {
  const reason = typeof params.reason === "string" ? params.reason : undefined;
  const before =
    typeof params.before === "string" && /^\d{1,15}$/.test(params.before) ? Number(params.before) : undefined;
  return {
    reason: PURGE_REASONS.includes(reason as PurgeReason) ? (reason as PurgeReason) : undefined,
    before,
  };
}

export default async function PrivacyAdminPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requirePageViewer("/admin/privacy");
  const t = await getTranslations("admin.privacy");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const query = purgeQuery(await searchParams);
  const view = await getPrivacyAdmin();
  return (
    <>
      <AdminHeader title={t("title")} description={t("description")} />
      <div className="space-y-8">
        <section aria-labelledby="policies-heading" className="space-y-4">
          <h2 id="policies-heading" className="text-lg font-semibold text-stone-900">
            {t("policies")}
          </h2>
          <p className="max-w-prose text-sm text-stone-700">{t("policiesExplained")}</p>
          <PolicyList policies={view.policies} retentionSetting={view.retentionSetting} />
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={t("newPolicy")}>
              <PolicyForm policy={null} retentionSetting={view.retentionSetting} idPrefix="new-policy" />
            </Card>
            <Card title={t("applyCard")}>
              <p className="mb-3 text-sm text-stone-700">{t("apply")}</p>
              <PolicyApplyButton />
            </Card>
          </div>
        </section>
        <section aria-labelledby="assignments-heading" className="space-y-4">
          <h2 id="assignments-heading" className="text-lg font-semibold text-stone-900">
            {t("properties")}
          </h2>
          <PolicyAssignments assignments={view.assignments} policies={view.policies} />
        </section>
        <section aria-labelledby="purge-log-heading" id="purge-log" className="space-y-4">
          <h2 id="purge-log-heading" className="text-lg font-semibold text-stone-900">
            {t("purgeLog")}
          </h2>
          <Suspense
            key={`${query.reason ?? ""}|${query.before ?? ""}`}
            fallback={
              <Card>
                <SkeletonLines lines={6} label={t("loadingPurgeLog")} />
              </Card>
            }
          >
            <PurgeLog reason={query.reason} before={query.before} />
          </Suspense>
        </section>
      </div>
    </>
  );
}

async function PurgeLog({ reason, before }: { reason: PurgeReason | undefined; before: number | undefined }) {
  const [page, format] = await Promise.all([getPurgeLogPage({ reason, before }), getFormat()]);
  return <PurgeLogTable page={page} reason={reason} paged={before !== undefined} zone={format.eventZone} />;
}
