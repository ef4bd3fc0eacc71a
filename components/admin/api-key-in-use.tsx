import { useTranslations } from "next-intl";

import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import type { Formatter } from "@/lib/core/format";
import { keySource, type ApiKeyStatus } from "@/lib/features/admin/api-key";

/** The key in use, by its source and last 4 characters only. */
export function ApiKeyInUse({ status, format }: { status: ApiKeyStatus; format: Formatter }) {
  const t = useTranslations("admin.apiKey");
  const source = keySource(status);
  return (
    <Card title={t("inUse")}>
      <div className="space-y-4">
        {status.unreadable ? (
          <Notice tone="warning" title={t("unreadableTitle")}>
            {t("unreadable", { demo: status.configuredIsDemo ? "yes" : "no" })}
          </Notice>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone-500">{t("endsIn")}</dt>
          <dd>
            <span className="sr-only">{t("theCharacters")} </span>
            <code data-testid="key-last4" className="rounded bg-stone-100 px-1.5 py-0.5 font-mono">
              {status.last4}
            </code>
          </dd>
          <dt className="text-stone-500">{t("source")}</dt>
          <dd data-testid="key-source">
            {source.kind === "stored"
              ? t("sources.stored", { at: format.event(source.setAt) })
              : t(`sources.${source.kind}`)}
          </dd>
        </dl>
        <p className="text-sm text-stone-600">{t("onlyLast4")}</p>
      </div>
    </Card>
  );
}
