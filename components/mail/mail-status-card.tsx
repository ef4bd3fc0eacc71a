import { getTranslations } from "next-intl/server";

import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { None } from "@/components/ui/none";
import type { MailAdminView } from "@/lib/features/mail/server";
import { getFormat } from "@/lib/features/preferences/server";

import { STATUS_ORDER } from "./mail-words";

/** Where Daybook's mail goes, and how many messages stand in each state. */
export async function MailStatusCard({ view }: { view: MailAdminView }) {
  const [t, format] = await Promise.all([getTranslations("mail.admin"), getFormat()]);
  return (
    <Card title={t("status.title")}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm" data-testid="mail-status">
        <dt className="font-medium text-stone-500">{t("status.mail")}</dt>
        <dd>{view.on ? <Badge tone="ok">{t("status.on")}</Badge> : <Badge tone="warning">{t("status.off")}</Badge>}</dd>
        <dt className="font-medium text-stone-500">{t("status.server")}</dt>
        <dd className="break-words">{view.server ?? <None />}</dd>
        <dt className="font-medium text-stone-500">{t("status.from")}</dt>
        <dd className="break-words">{view.from}</dd>
        <dt className="font-medium text-stone-500">{t("status.links")}</dt>
        <dd className="break-words">{view.publicUrl}</dd>
        <dt className="font-medium text-stone-500">{t("status.webhook")}</dt>
        <dd className="break-words">{view.webhook ?? t("status.noWebhook")}</dd>
      </dl>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-stone-800">{t("status.byState")}</h3>
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="mail-counts">
        {STATUS_ORDER.map((status) => (
          <li key={status} className="rounded-md bg-stone-100 px-2 py-1 text-stone-800">
            {t.rich("status.count", {
              status: t(`statuses.${status}`),
              count: format.number(view.counts[status] ?? 0),
              strong: (chunks) => <span className="font-semibold tabular-nums">{chunks}</span>,
            })}
          </li>
        ))}
      </ul>
    </Card>
  );
}
