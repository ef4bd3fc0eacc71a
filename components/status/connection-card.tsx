import { useTranslations } from "next-intl";

import { Card } from "@/components/ui/card";
import type { ConnectionInfo } from "@/lib/features/reports/server";

export function ConnectionCard({ info }: { info: ConnectionInfo }) {
  const t = useTranslations("status.connection");
  return (
    <Card title={t("title")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-stone-500">{t("mode")}</dt>
        <dd data-testid="mode">
          {info.mode === "demo" ? (
            t.rich("demo", { strong: (chunks) => <span className="font-medium">{chunks}</span> })
          ) : (
            <span className="font-medium">{t("live")}</span>
          )}
        </dd>
        <dt className="text-stone-500">{t("apiHost")}</dt>
        <dd>
          <code data-testid="api-host">{info.apiHost}</code>
        </dd>
      </dl>
    </Card>
  );
}
