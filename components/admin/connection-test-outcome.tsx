"use client";

import { useTranslations } from "next-intl";

import { FailureNotice } from "@/components/reports/failure-notice";
import { Notice } from "@/components/ui/notice";
import type { ConnectionTestResult } from "@/lib/features/admin/api-key";
import { useFormat } from "@/lib/features/preferences/hooks";

export function ConnectionTestOutcome({ test }: { test: ConnectionTestResult }) {
  const t = useTranslations("admin.connectionTest");
  const format = useFormat();
  if (test.outcome === "failure") {
    return (
      <div className="space-y-2" data-testid="connection-test-failure">
        <FailureNotice failure={test.failure} what={t("what")} guidance={false} />
        <p className="text-sm text-stone-700">{t("testedWith", { last4: test.keyLast4 })}</p>
      </div>
    );
  }
  return (
    <div data-testid="connection-test-success">
      <Notice tone="info" title={t("connected")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t("propertiesReached")}</dt>
          <dd className="tabular-nums">{format.number(test.propertyCount)}</dd>
          <dt className="font-medium">{t("reportedDay")}</dt>
          <dd>
            <time dateTime={test.reportedDateLocal}>{format.calendarDay(test.reportedDateLocal)}</time>
          </dd>
          <dt className="font-medium">{t("key")}</dt>
          <dd>{t("ending", { last4: test.keyLast4 })}</dd>
        </dl>
      </Notice>
    </div>
  );
}
