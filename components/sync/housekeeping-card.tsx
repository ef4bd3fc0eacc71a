import { useTranslations } from "next-intl";

import { Card } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import type { HousekeepingRun } from "@/lib/features/sync/types";

/**
 * The latest daily housekeeping: when it ran and what it removed, in counts. What it removed is the
 * run's own record, written in English when it ran (lib/features/sync/housekeeping.ts).
 */
export function HousekeepingCard({
  run,
  auditRetentionDays,
}: {
  run: HousekeepingRun | null;
  auditRetentionDays: number;
}) {
  const t = useTranslations("sync.housekeeping");
  const at = () => (run ? <EventInstant at={run.ranAt} /> : null);
  return (
    <Card title={t("title")}>
      <p className="mb-3 text-sm text-stone-700">{t("what", { days: auditRetentionDays })}</p>
      {run ? (
        <div className="space-y-1 text-sm" data-testid="housekeeping">
          <p className="font-medium text-stone-900">
            {run.outcome === "done" ? t.rich("lastRan", { at }) : t.rich("lastFailed", { at })}
          </p>
          {/* Written in English when it ran (lib/features/sync/messages.ts): marked so, for screen readers. */}
          <p lang="en" className="text-stone-700">
            {run.message}
          </p>
        </div>
      ) : (
        <p className="text-sm text-stone-700">{t("notYet")}</p>
      )}
    </Card>
  );
}
