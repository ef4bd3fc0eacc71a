import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { formatInstant } from "@/lib/core/format";
import { describeKeySource, type ApiKeyStatus } from "@/lib/features/admin/api-key";

/** The key in use, by its source and last 4 characters only. */
export function ApiKeyInUse({ status }: { status: ApiKeyStatus }) {
  return (
    <Card title="Key in use">
      <div className="space-y-4">
        {status.unreadable ? (
          <Notice tone="warning" title="The key set in Daybook cannot be read">
            Daybook could not decrypt the stored key: the key it was encrypted under (DAYBOOK_ENCRYPTION_KEY, or
            AUTH_SECRET before one was set) changed. Give the old one as DAYBOOK_PREVIOUS_ENCRYPTION_KEY, or until you
            set the key again below, Daybook uses the configured key (PARTNER_API_KEY
            {status.configuredIsDemo ? ", here the simulator's demo key" : ""}).
          </Notice>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone-500">Ends in</dt>
          <dd>
            <span className="sr-only">the characters </span>
            <code data-testid="key-last4" className="rounded bg-stone-100 px-1.5 py-0.5 font-mono">
              {status.last4}
            </code>
          </dd>
          <dt className="text-stone-500">Source</dt>
          <dd data-testid="key-source">{describeKeySource(status, formatInstant)}</dd>
        </dl>
        <p className="text-sm text-stone-600">
          Only the last 4 characters are ever shown. A key set here is stored encrypted and replaces PARTNER_API_KEY
          until another one is set.
        </p>
      </div>
    </Card>
  );
}
