import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { AdminHeader } from "@/components/admin/admin-header";
import { NoAccess } from "@/components/layout/no-access";
import { HousekeepingCard } from "@/components/sync/housekeeping-card";
import { PullNowButton } from "@/components/sync/pull-now-button";
import { ScheduleCard } from "@/components/sync/schedule-card";
import { StoredDaysCard } from "@/components/sync/stored-days-card";
import { SyncRuns } from "@/components/sync/sync-runs";
import { Card } from "@/components/ui/card";
import { roleAllows, SCREEN_ROLES } from "@/lib/core/access";
import { firstParam } from "@/lib/core/days";
import { TICK_MS } from "@/lib/features/sync/scheduler";
import { getSyncOverview } from "@/lib/features/sync/server";
import { requirePageViewer } from "@/lib/server/auth/viewer";
import { getConfig } from "@/lib/server/config";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { title: t("sync.title") }) };
}

export default async function SyncPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/admin/sync");
  const t = await getTranslations("admin.sync");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title={t("title")} />;
  const { mode, history, privacy } = getConfig();
  const now = new Date();
  const { decision, summary, runs, housekeeping } = await getSyncOverview(
    now,
    firstParam((await searchParams).page, 20),
  );
  return (
    <>
      <AdminHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ScheduleCard
              decision={decision}
              now={now}
              facts={{
                scheduler: history.scheduler,
                tickMinutes: TICK_MS / 60_000,
                graceMinutes: history.graceMinutes,
                retentionDays: history.retentionDays,
                overdueHours: history.overdueHours,
              }}
            />
          </div>
          <div className="space-y-6">
            <StoredDaysCard summary={summary} />
            <Card title={t("pullNowCard")}>
              <p className="mb-3 text-sm text-stone-700">{t("pullNow")}</p>
              <PullNowButton />
            </Card>
            <HousekeepingCard run={housekeeping} auditRetentionDays={privacy.auditRetentionDays} />
          </div>
        </div>
        <SyncRuns runs={runs} demo={mode === "demo"} />
      </div>
    </>
  );
}
