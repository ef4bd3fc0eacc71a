import { buttonClass } from "@/components/ui/button";
import { ColumnHeads } from "@/components/ui/column-heads";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { None } from "@/components/ui/none";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { PrivacyRequestView } from "@/lib/features/privacy-requests/types";

import { RequestStateBadge } from "./request-state-badge";
import { KIND_WORDS, plural, requestDay } from "./request-words";

const CELL = "px-3 py-2 text-left align-top";
const COLUMNS = ["Request", "Kind", "Reference", "Received", "Due", "State"];

/**
 * The queue of guests' privacy requests as the server orders it: open ones first (overdue first, by
 * due date), then closed ones. A request is named by its number and reference, never the guest.
 */
export function RequestQueue({ requests }: { requests: readonly PrivacyRequestView[] }) {
  if (requests.length === 0) {
    return (
      <EmptyState title="No privacy requests yet">
        When a guest asks what Daybook holds about them, or asks for it to be erased or restricted, record the request
        with &ldquo;New request&rdquo; below: it is due in the time the law allows, and shows here until it is answered.
      </EmptyState>
    );
  }
  const open = requests.filter((request) => request.state === "open").length;
  const overdue = requests.filter((request) => request.overdue).length;
  return (
    <section aria-labelledby="request-queue-heading" className="space-y-3">
      <h2 id="request-queue-heading" className="text-lg font-semibold text-stone-900" data-testid="request-summary">
        {plural(open, "open request", "open requests")}
        {overdue > 0 ? `, ${overdue} overdue` : ""}
      </h2>
      <ScrollTable label="Privacy requests" minWidth="min-w-[44rem]" testId="request-queue">
        <ColumnHeads columns={COLUMNS} cellClassName={`${CELL} font-medium text-stone-600`} className="bg-stone-50" />
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
                  Request #{request.id}
                </Link>
              </th>
              <td className={CELL}>{KIND_WORDS[request.kind]}</td>
              <td className={`${CELL} break-words`}>{request.reference ?? <None />}</td>
              <td className={CELL}>
                <time dateTime={request.receivedAt}>{requestDay(request.receivedAt)}</time>
              </td>
              <td className={CELL}>
                <time dateTime={request.dueAt}>{requestDay(request.dueAt)}</time>
                {request.overdue ? (
                  <span className="block text-xs font-medium text-red-800">Past its due date</span>
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
