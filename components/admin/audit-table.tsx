import { useTranslations } from "next-intl";

import { EmptyState } from "@/components/ui/empty-state";
import { EventInstant } from "@/components/ui/instants";
import { None } from "@/components/ui/none";
import { isFullIdentificationExport } from "@/lib/core/audit";
import type { AuditEvent } from "@/lib/features/admin/types";

import { AdminTable } from "./admin-table";
import { ActionName, BreakableEmail, Details, FullIdBadge, Outcome, Who } from "./audit-entry-parts";
import { AuditList } from "./audit-list";

// Eight columns: a little tighter than the other admin tables.
const PADDING = "px-2.5 py-2";
const td = `${PADDING} align-top`;

/** `zone`: the one the entries' times are drawn in (the person's own, `Formatter.eventZone`). */
export function AuditTable({ rows, filtered, zone }: { rows: readonly AuditEvent[]; filtered: boolean; zone: string }) {
  const t = useTranslations("admin.audit");
  if (rows.length === 0) {
    return filtered ? (
      <EmptyState title={t("noMatchTitle")}>{t("noMatch")}</EmptyState>
    ) : (
      <EmptyState title={t("emptyTitle")}>{t("empty")}</EmptyState>
    );
  }
  return (
    <>
      <AuditList rows={rows} />
      <AdminTable
        label={t("tableLabel")}
        caption={t("caption", { zone })}
        columns={[
          t("when", { zone }),
          t("who"),
          t("whatDone"),
          t("target"),
          t("property"),
          t("outcome"),
          t("details"),
          t("clientAddress"),
        ]}
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
              <EventInstant at={row.at} />
            </td>
            <td className={td}>
              <Who email={row.actorEmail} />
            </td>
            <td className={`${td} min-w-32`}>
              <ActionName action={row.action} />
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
