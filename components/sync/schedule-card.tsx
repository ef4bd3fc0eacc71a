import { useTranslations } from "next-intl";

import { Card } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import type { PullDecision } from "@/lib/features/sync/schedule";

import { describeWait } from "./words";

interface ScheduleFacts {
  scheduler: boolean;
  tickMinutes: number;
  graceMinutes: number;
  retentionDays: number;
  overdueHours: number;
}

function NextPull({ decision, now, scheduler }: { decision: PullDecision; now: Date; scheduler: boolean }) {
  const t = useTranslations("sync.schedule");
  const wait = useTranslations("sync.wait");
  const { key, ...values } = decision.why;
  const day = { hasDay: decision.day ? "yes" : "no", day: decision.day ?? "" };
  const why = <p className="text-stone-600">{t(`why.${key}`, values)}</p>;
  if (decision.due) {
    return (
      <>
        <p className="font-medium text-stone-900">{t("dueNow", { ...day, scheduler: scheduler ? "on" : "off" })}</p>
        {why}
      </>
    );
  }
  return (
    <>
      <p className="font-medium text-stone-900">
        {t.rich("dueAt", {
          ...day,
          wait: describeWait(wait, now, decision.nextAt),
          at: () => <EventInstant at={decision.nextAt} />,
        })}
      </p>
      {why}
    </>
  );
}

export function ScheduleCard({ decision, now, facts }: { decision: PullDecision; now: Date; facts: ScheduleFacts }) {
  const t = useTranslations("sync.schedule");
  return (
    <Card title={t("title")}>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-3 [&>dd]:mb-2 sm:[&>dd]:mb-0">
        <dt className="font-medium text-stone-500">{t("nextPull")}</dt>
        <dd data-testid="sync-next-pull">
          <NextPull decision={decision} now={now} scheduler={facts.scheduler} />
        </dd>
        <dt className="font-medium text-stone-500">{t("scheduler")}</dt>
        <dd>{facts.scheduler ? t("schedulerOn", { minutes: facts.tickMinutes }) : t("schedulerOff")}</dd>
        <dt className="font-medium text-stone-500">{t("grace")}</dt>
        <dd>{t("graceWords", { minutes: facts.graceMinutes })}</dd>
        <dt className="font-medium text-stone-500">{t("kept")}</dt>
        <dd>{t("keptWords", { days: facts.retentionDays })}</dd>
        <dt className="font-medium text-stone-500">{t("overdue")}</dt>
        <dd>{t("overdueWords", { hours: facts.overdueHours })}</dd>
      </dl>
    </Card>
  );
}
