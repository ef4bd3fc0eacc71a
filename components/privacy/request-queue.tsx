import { useTranslations } from "next-intl";

import { buttonClass } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { None } from "@/components/ui/none";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { RequestStateBadge } from "./request-state-badge";

const CELL = "px-3 py-2 text-left align-top";
const COLUMNS = ["request", "kind", "reference", "received", "due", "state"] as const;

/**
 * The queue of guests' privacy requests as the server orders it: open ones first (overdue first, by
 * due date), then closed ones. A request is named by its number and reference, never the guest.
 * `format`: the person's; a request's received and due instants are the calendar days they stand for.
 */
export function RequestQueue({ requests, format }: { requests: readonly PrivacyRequestView[]; format: Formatter }) {
  const t = useTranslations("privacy.queue");
  const kinds = useTranslations("privacy.kindsShort");
  if (requests.length === 0) {
    return <EmptyState title={t("emptyTitle")}>{t("emptyBody")}</EmptyState>;
  }
  const open = requests.filter((request) => request.state === "open").length;
  const overdue = requests.filter((request) => request.overdue).length;
  return (
    <section aria-labelledby="request-queue-heading" className="space-y-3">
      <h2 id="request-queue-heading" className="text-lg font-semibold text-stone-900" data-testid="request-summary">
        {overdue > 0 ? t("summaryOverdue", { open, overdue }) : t("summary", { open })}
      </h2>
      <ScrollTable label={t("label")} minWidth="min-w-[44rem]" testId="request-queue">
        <ColumnHeads
          columns={COLUMNS.map((column) => t(`columns.${column}`))}
          cellClassName={`${CELL} font-medium text-stone-600`}
          className="bg-stone-50"
        />
        <tbody>
          {requests.map((request) => (
            <tr
              key={request.id}
              data-testid="request-row"
              data-overdue={request.overdue}
              className={`border-t border-stone-200 ${request.overdue ? "bg-red-50/60" : ""}`}
            >
              <th scope="row" className={`${CELL} font-medium`}>
                <Link href={`/privacy/requests/${request.id}`} className={buttonClass("link")}>
                  {t("request", { id: request.id })}
                </Link>
              </th>
              <td className={CELL}>{kinds(request.kind)}</td>
              <td className={`${CELL} break-words`}>{request.reference ?? <None />}</td>
              <td className={CELL}>
                <time dateTime={request.receivedAt}>{format.utcDate(request.receivedAt)}</time>
              </td>
              <td className={CELL}>
                <time dateTime={request.dueAt}>{format.utcDate(request.dueAt)}</time>
                {request.overdue ? (
                  <span className="block text-xs font-medium text-red-800">{t("pastDue")}</span>
                ) : null}
              </td>
              <td className={CELL}>
                <RequestStateBadge request={request} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}
