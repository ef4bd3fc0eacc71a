import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { AuditEvent } from "@/lib/features/admin/types";

import { actionLabel, BreakableEmail, Details, None, Outcome, When, Who } from "./audit-entry-parts";
import { AuditList } from "./audit-list";

const th = "px-2.5 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-500";
const td = "px-2.5 py-2 align-top";

export function AuditTable({ rows, filtered }: { rows: readonly AuditEvent[]; filtered: boolean }) {
  if (rows.length === 0) {
    return filtered ? (
      <EmptyState title="No entries match these filters">Widen the dates or clear a filter.</EmptyState>
    ) : (
      <EmptyState title="The audit log is empty">Sign-ins, account changes and key changes appear here.</EmptyState>
    );
  }
  return (
    <>
      <AuditList rows={rows} />
      <div
        role="region"
        aria-label="Audit entries"
        tabIndex={0}
        className={`hidden overflow-x-auto md:block ${cardClass}`}
      >
        <table className="min-w-full divide-y divide-stone-200 text-sm">
          <caption className="sr-only">Audit entries, newest first. Times are in UTC.</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={th}>
                When (UTC)
              </th>
              <th scope="col" className={th}>
                Who
              </th>
              <th scope="col" className={th}>
                What
              </th>
              <th scope="col" className={th}>
                Target
              </th>
              <th scope="col" className={th}>
                Property
              </th>
              <th scope="col" className={th}>
                Outcome
              </th>
              <th scope="col" className={th}>
                Details
              </th>
              <th scope="col" className={th}>
                Client address
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={`${td} min-w-28`}>
                  <When at={row.at} />
                </td>
                <td className={td}>
                  <Who email={row.actorEmail} />
                </td>
                <td className={`${td} min-w-32`}>{actionLabel(row.action)}</td>
                <td className={td}>{row.target ? <BreakableEmail text={row.target} /> : <None />}</td>
                <td className={td}>{row.propertyName ?? <None />}</td>
                <td className={td}>
                  <Outcome outcome={row.outcome} />
                </td>
                <td className={`${td} min-w-48`}>
                  <Details details={row.details} />
                </td>
                <td className={`${td} font-mono text-xs whitespace-nowrap`}>{row.clientAddress ?? <None />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
