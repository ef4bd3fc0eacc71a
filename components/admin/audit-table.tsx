import { EmptyState } from "@/components/ui/empty-state";
import { None } from "@/components/ui/none";
import { UtcInstant } from "@/components/ui/utc-instant";
import { isFullIdentificationExport } from "@/lib/core/audit";
import type { AuditEvent } from "@/lib/features/admin/types";

import { AdminTable } from "./admin-table";
import { actionLabel, BreakableEmail, Details, FullIdBadge, Outcome, Who } from "./audit-entry-parts";
import { AuditList } from "./audit-list";

// Eight columns: a little tighter than the other admin tables.
const PADDING = "px-2.5 py-2";
const td = `${PADDING} align-top`;

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
      <AdminTable
        label="Audit entries"
        caption="Audit entries, newest first. Times are in UTC."
        columns={["When (UTC)", "Who", "What", "Target", "Property", "Outcome", "Details", "Client address"]}
        cellPadding={PADDING}
      >
        {rows.map((row) => (
          <tr
            key={row.id}
            // A file of every full number undoes one-at-a-time reveals: these entries stand out.
            className={isFullIdentificationExport(row) ? "bg-amber-50" : undefined}
            data-full-id-export={isFullIdentificationExport(row) || undefined}
          >
            <td className={`${td} min-w-28`}>
              <UtcInstant at={row.at} />
            </td>
            <td className={td}>
              <Who email={row.actorEmail} />
            </td>
            <td className={`${td} min-w-32`}>
              {actionLabel(row.action)}
              {isFullIdentificationExport(row) ? <FullIdBadge /> : null}
            </td>
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
      </AdminTable>
    </>
  );
}
