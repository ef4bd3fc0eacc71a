import { Card } from "@/components/ui/card";
import type { ConnectionInfo } from "@/lib/features/reports/server";

export function ConnectionCard({ info }: { info: ConnectionInfo }) {
  return (
    <Card title="Connection">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-stone-500">Mode</dt>
        <dd data-testid="mode">
          {info.mode === "demo" ? (
            <>
              <span className="font-medium">Demo</span> — the built-in simulator with invented guests
            </>
          ) : (
            <span className="font-medium">Live</span>
          )}
        </dd>
        <dt className="text-stone-500">API host</dt>
        <dd>
          <code data-testid="api-host">{info.apiHost}</code>
        </dd>
      </dl>
    </Card>
  );
}
