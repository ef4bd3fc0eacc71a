import { useTranslations } from "next-intl";

import { ColumnHeads } from "@/components/ui/column-heads";
import { CopyButton } from "@/components/ui/copy-button";
import { None } from "@/components/ui/none";
import { ENDPOINT_KEYS } from "@/lib/features/sync/messages";
import type { SyncEndpointOutcome } from "@/lib/features/sync/types";

import { RESULT_KEYS } from "./words";

export function CorrelationId({ id }: { id: string }) {
  const t = useTranslations("sync");
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="font-mono text-xs [overflow-wrap:anywhere]">{id}</code>
      <CopyButton value={id} label={t("copy")} />
    </span>
  );
}

function Result({ entry }: { entry: SyncEndpointOutcome }) {
  const t = useTranslations("sync.result");
  if (entry.result === "failed") {
    const status = entry.status !== null && entry.status !== 200 ? String(entry.status) : "none";
    return (
      <span className="text-red-800">
        {entry.errorCode === null
          ? t("failedNoAnswer", { status })
          : t("failedWith", { code: entry.errorCode, status })}
      </span>
    );
  }
  return <>{t(RESULT_KEYS[entry.result])}</>;
}

/** What one pull did to each report. */
export function EndpointResults({ endpoints }: { endpoints: readonly SyncEndpointOutcome[] }) {
  const t = useTranslations("sync");
  if (endpoints.length === 0) return <p className="text-sm text-stone-500">{t("noReport")}</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[44rem] table-fixed text-sm">
        <colgroup>
          <col className="w-40" />
          <col />
          <col className="w-28" />
          <col className="w-20" />
          <col className="w-[22rem]" />
        </colgroup>
        <ColumnHeads
          rowClassName="text-left text-xs tracking-wide text-stone-500 uppercase"
          cellClassName="py-1 font-semibold"
          columns={[
            ...(["report", "result", "day", "items"] as const).map((key) => ({
              key,
              label: t(`columns.${key}`),
              className: "pr-4",
            })),
            { key: "correlationId", label: t("columns.correlationId") },
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {endpoints.map((entry) => (
            <tr key={entry.endpoint}>
              <th scope="row" className="py-1.5 pr-4 text-left font-medium text-stone-800 first-letter:uppercase">
                {t(`endpoint.${ENDPOINT_KEYS[entry.endpoint]}`)}
              </th>
              <td className="py-1.5 pr-4">
                <Result entry={entry} />
              </td>
              <td className="py-1.5 pr-4 whitespace-nowrap">{entry.reportedDate ?? <None />}</td>
              <td className="py-1.5 pr-4 tabular-nums">{entry.itemCount ?? <None />}</td>
              <td className="py-1.5">{entry.correlationId ? <CorrelationId id={entry.correlationId} /> : <None />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
