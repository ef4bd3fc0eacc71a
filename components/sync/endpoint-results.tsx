import { ColumnHeads } from "@/components/ui/column-heads";
import { CopyButton } from "@/components/ui/copy-button";
import { None } from "@/components/ui/none";
import { ENDPOINT_LABELS } from "@/lib/features/sync/messages";
import type { SyncEndpointOutcome } from "@/lib/features/sync/types";

import { RESULT_WORDS } from "./words";

export function CorrelationId({ id }: { id: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="font-mono text-xs [overflow-wrap:anywhere]">{id}</code>
      <CopyButton value={id} label="Copy" />
    </span>
  );
}

function Result({ entry }: { entry: SyncEndpointOutcome }) {
  if (entry.result === "failed") {
    return (
      <span className="text-red-800">
        Failed: {entry.errorCode ?? "no answer"}
        {entry.status !== null && entry.status !== 200 ? ` (${entry.status})` : ""}
      </span>
    );
  }
  return <>{RESULT_WORDS[entry.result]}</>;
}

/** What one pull did to each report. */
export function EndpointResults({ endpoints }: { endpoints: readonly SyncEndpointOutcome[] }) {
  if (endpoints.length === 0) return <p className="text-sm text-stone-500">No report answered yet.</p>;
  return (
    <div className="overflow-x-auto">
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
            ...["Report", "Result", "Day", "Items"].map((label) => ({ key: label, label, className: "pr-4" })),
            "Correlation id",
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {endpoints.map((entry) => (
            <tr key={entry.endpoint}>
              <th scope="row" className="py-1.5 pr-4 text-left font-medium text-stone-800 first-letter:uppercase">
                {ENDPOINT_LABELS[entry.endpoint]}
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
