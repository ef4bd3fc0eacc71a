import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { None } from "@/components/ui/none";
import type { MailAdminView } from "@/lib/features/mail/server";

import { STATUS_LABELS, STATUS_ORDER } from "./mail-words";

/** Where Daybook's mail goes, and how many messages stand in each state. */
export function MailStatusCard({ view }: { view: MailAdminView }) {
  return (
    <Card title="Status">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm" data-testid="mail-status">
        <dt className="font-medium text-stone-500">Mail</dt>
        <dd>{view.on ? <Badge tone="ok">On</Badge> : <Badge tone="warning">Off: SMTP_URL is not set</Badge>}</dd>
        <dt className="font-medium text-stone-500">Server</dt>
        <dd className="break-words">{view.server ?? <None />}</dd>
        <dt className="font-medium text-stone-500">From</dt>
        <dd className="break-words">{view.from}</dd>
        <dt className="font-medium text-stone-500">Links point to</dt>
        <dd className="break-words">{view.publicUrl}</dd>
        <dt className="font-medium text-stone-500">Alert webhook</dt>
        <dd className="break-words">{view.webhook ?? "none"}</dd>
      </dl>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-stone-800">Messages by state</h3>
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="mail-counts">
        {STATUS_ORDER.map((status) => (
          <li key={status} className="rounded-md bg-stone-100 px-2 py-1 text-stone-800">
            {STATUS_LABELS[status]}: <span className="font-semibold tabular-nums">{view.counts[status] ?? 0}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
