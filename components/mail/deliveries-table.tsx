import { Badge } from "@/components/ui/badge";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { None } from "@/components/ui/none";
import { ScrollTable } from "@/components/ui/scroll-table";
import { UtcInstant } from "@/components/ui/utc-instant";
import type { MailDelivery } from "@/lib/features/mail/types";

import { KIND_LABELS, STATUS_LABELS } from "./mail-words";

const COLUMNS = ["Kind", "To", "Day", "Subject", "Status", "Attempts", "Server's last reply", "Created", "Sent"];

/** A refused message still to be tried again reads "retrying", so a failure never hides as "waiting". */
function StatusBadge({ delivery }: { delivery: MailDelivery }) {
  if (delivery.status === "sent") return <Badge tone="ok">{STATUS_LABELS.sent}</Badge>;
  if (delivery.status === "failed") return <Badge tone="danger">{STATUS_LABELS.failed}</Badge>;
  if (delivery.status === "pending" && delivery.attempts > 0) {
    return (
      <span className="space-y-1">
        <Badge tone="warning">retrying</Badge>
        <span className="block text-xs text-stone-600">
          next <UtcInstant at={delivery.nextAttemptAt} />
        </span>
      </span>
    );
  }
  return <Badge tone="neutral">{STATUS_LABELS[delivery.status]}</Badge>;
}

const cell = "px-3 py-2 align-top";

export function DeliveriesTable({ deliveries, limit }: { deliveries: readonly MailDelivery[]; limit: number }) {
  return (
    <section aria-labelledby="mail-deliveries-heading">
      <h2 id="mail-deliveries-heading" className="mb-1 text-lg font-semibold text-stone-900">
        Recent sends
      </h2>
      <p className="mb-3 text-sm text-stone-600">
        {deliveries.length === limit ? `The latest ${limit} messages` : "Every message"}, newest first, with what the
        mail server answered. Times are in UTC. A refused message is tried again with a growing wait, then marked
        failed.
      </p>
      {deliveries.length === 0 ? (
        <EmptyState title="Nothing sent yet">
          The digest goes out once a day is stored; “Send a test e-mail to me” sends one now.
        </EmptyState>
      ) : (
        <ScrollTable label="Recent sends" minWidth="min-w-[64rem]" testId="mail-deliveries">
          <ColumnHeads
            className="bg-stone-50"
            cellClassName="px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase"
            columns={COLUMNS}
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
                  <td className={cell}>{KIND_LABELS[delivery.kind]}</td>
                  <td className={`${cell} whitespace-nowrap`}>{delivery.recipient}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {delivery.day ? <time dateTime={delivery.day}>{delivery.day}</time> : <None />}
                  </td>
                  <td className={cell}>{delivery.subject}</td>
                  <td className={cell}>
                    <StatusBadge delivery={delivery} />
                  </td>
                  <td className={`${cell} tabular-nums`}>{delivery.attempts}</td>
                  <td
                    className={`${cell} max-w-xs break-words ${refused ? "font-medium text-red-900" : "text-stone-700"}`}
                  >
                    {delivery.lastReply ?? <None />}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <UtcInstant at={delivery.createdAt} />
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {delivery.sentAt ? <UtcInstant at={delivery.sentAt} /> : <None />}
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
