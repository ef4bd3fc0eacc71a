import type { Metadata } from "next";

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

export const metadata: Metadata = { title: "Sync · Admin" };

export default async function SyncPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer("/admin/sync");
  if (!roleAllows(viewer.role, SCREEN_ROLES.admin)) return <NoAccess title="Sync" />;
  const { mode, history, privacy } = getConfig();
  const now = new Date();
  const { decision, summary, runs, housekeeping } = await getSyncOverview(
    now,
    firstParam((await searchParams).page, 20),
  );
  return (
    <>
      <AdminHeader
        title="Sync"
        description="The API keeps no history: Daybook pulls each day's reports once the day has closed and keeps them. When the next pull is due, what is stored, and every pull."
      />
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
            <Card title="Pull now">
              <p className="mb-3 text-sm text-stone-700">
                Asks the Partner API for yesterday&apos;s three reports at once, as the scheduler would. A day already
                stored is not stored twice; its live fields are read again.
              </p>
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
