import { getTranslations } from "next-intl/server";

import { Badge } from "@/components/ui/badge";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant } from "@/components/ui/instants";
import { None } from "@/components/ui/none";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { MailDelivery } from "@/lib/features/mail/types";
import { getFormat } from "@/lib/features/preferences/server";

type Words = Awaited<ReturnType<typeof getTranslations<"mail.admin">>>;

/** A refused message still to be tried again reads "retrying", so a failure never hides as "waiting". */
function StatusBadge({ delivery, t }: { delivery: MailDelivery; t: Words }) {
  if (delivery.status === "sent") return <Badge tone="ok">{t("statuses.sent")}</Badge>;
  if (delivery.status === "failed") return <Badge tone="danger">{t("statuses.failed")}</Badge>;
  if (delivery.status === "pending" && delivery.attempts > 0) {
    return (
      <span className="space-y-1">
        <Badge tone="warning">{t("deliveries.retrying")}</Badge>
        <span className="block text-xs text-stone-600">
          {t.rich("deliveries.next", { at: () => <EventInstant at={delivery.nextAttemptAt} /> })}
        </span>
      </span>
    );
  }
  return <Badge tone="neutral">{t(`statuses.${delivery.status}`)}</Badge>;
}

const cell = "px-3 py-2 align-top";

const COLUMNS = ["kind", "to", "day", "subject", "status", "attempts", "reply", "created", "sent"] as const;

export async function DeliveriesTable({ deliveries, limit }: { deliveries: readonly MailDelivery[]; limit: number }) {
  const [t, format] = await Promise.all([getTranslations("mail.admin"), getFormat()]);
  return (
    <section aria-labelledby="mail-deliveries-heading">
      <h2 id="mail-deliveries-heading" className="mb-1 text-lg font-semibold text-stone-900">
        {t("deliveries.heading")}
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {t("deliveries.lead", {
          all: deliveries.length === limit ? "no" : "yes",
          limit: format.number(limit),
          zone: format.eventZone,
        })}
      </p>
      {deliveries.length === 0 ? (
        <EmptyState title={t("deliveries.emptyTitle")}>{t("deliveries.emptyBody")}</EmptyState>
      ) : (
        <ScrollTable label={t("deliveries.heading")} minWidth="min-w-[64rem]" testId="mail-deliveries">
          <ColumnHeads
            className="bg-stone-50"
            cellClassName="px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase"
            columns={COLUMNS.map((column) => t(`deliveries.columns.${column}`))}
          />
          <tbody className="divide-y divide-stone-100">
            {deliveries.map((delivery) => {
              const refused = delivery.status === "failed" || (delivery.status === "pending" && delivery.attempts > 0);
              return (
                <tr
                  key={delivery.id}
                  data-testid="mail-delivery"
                  data-kind={delivery.kind}
                  data-status={delivery.status}
                  className={refused ? "bg-red-50/60" : undefined}
                >
                  <td className={cell}>{t(`kinds.${delivery.kind}`)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{delivery.recipient}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {delivery.day ? <time dateTime={delivery.day}>{format.dayWithYear(delivery.day)}</time> : <None />}
                  </td>
                  <td className={cell}>{delivery.subject}</td>
                  <td className={cell}>
                    <StatusBadge delivery={delivery} t={t} />
                  </td>
                  <td className={`${cell} tabular-nums`}>{format.number(delivery.attempts)}</td>
                  <td
                    className={`${cell} max-w-xs break-words ${refused ? "font-medium text-red-900" : "text-stone-700"}`}
                  >
                    {delivery.lastReply ?? <None />}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <EventInstant at={delivery.createdAt} />
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {delivery.sentAt ? <EventInstant at={delivery.sentAt} /> : <None />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
