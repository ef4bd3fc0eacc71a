import { useTranslations } from "next-intl";

import { cardClass } from "@/components/ui/card";
import { EventInstant } from "@/components/ui/instants";
import { None } from "@/components/ui/none";
import { isFullIdentificationExport } from "@/lib/core/audit";
import type { AuditEvent } from "@/lib/features/admin/types";

import { ActionName, BreakableEmail, Details, FullIdBadge, Outcome, Who } from "./audit-entry-parts";

/** Phones: one card per entry instead of an eight-column table. */
export function AuditList({ rows }: { rows: readonly AuditEvent[] }) {
  const t = useTranslations("admin.audit");
  return (
    <ol aria-label={t("listLabel")} className="space-y-3 md:hidden">
      {rows.map((row) => (
        <li
          key={row.id}
          className={`p-4 text-sm ${cardClass} ${isFullIdentificationExport(row) ? "ring-2 ring-amber-400" : ""}`}
        >
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium text-stone-900">
              <ActionName action={row.action} />
              {isFullIdentificationExport(row) ? <FullIdBadge /> : null}
            </p>
            <Outcome outcome={row.outcome} />
          </div>
          <p className="text-stone-600">
            <EventInstant at={row.at} />
          </p>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            <dt className="text-stone-500">{t("who")}</dt>
            <dd className="[overflow-wrap:anywhere]">
              <Who email={row.actorEmail} />
            </dd>
            <dt className="text-stone-500">{t("target")}</dt>
            <dd className="[overflow-wrap:anywhere]">{row.target ? <BreakableEmail text={row.target} /> : <None />}</dd>
            {row.propertyName ? (
              <>
                <dt className="text-stone-500">{t("property")}</dt>
                <dd>{row.propertyName}</dd>
              </>
            ) : null}
            <dt className="text-stone-500">{t("details")}</dt>
            <dd>
              <Details details={row.details} />
            </dd>
            <dt className="text-stone-500">{t("address")}</dt>
            <dd className="font-mono text-xs">{row.clientAddress ?? <None />}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
