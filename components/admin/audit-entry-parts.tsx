import { Badge } from "@/components/ui/badge";
import { None } from "@/components/ui/none";
import { detailValue } from "@/lib/core/audit";
import type { AuditEvent } from "@/lib/features/admin/types";

export { actionLabel } from "@/lib/core/audit";

/** An e-mail that may wrap only after its "@", where it still reads as one address. */
export function BreakableEmail({ text }: { text: string }) {
  const at = text.indexOf("@");
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

/** The actor's e-mail, or a dash for what Daybook did by itself (first run, say). */
export function Who({ email }: { email: string | null }) {
  if (email) return <BreakableEmail text={email} />;
  return (
    <>
      <span aria-hidden className="text-stone-400">
        —
      </span>
      <span className="sr-only">the system</span>
    </>
  );
}

export function Details({ details }: { details: AuditEvent["details"] }) {
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return <None />;
  return (
    <dl className="space-y-0.5 text-xs">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="inline text-stone-500">{key}:</dt>{" "}
          <dd className="inline [overflow-wrap:anywhere]">{detailValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Outcome({ outcome }: { outcome: AuditEvent["outcome"] }) {
  return outcome === "failure" ? (
    <span className="inline-block rounded-full border border-red-200 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
      Failure
    </span>
  ) : (
    <span className="inline-block rounded-full border border-stone-200 bg-stone-50 px-2 py-0.5 text-xs font-medium text-stone-700">
      Success
    </span>
  );
}

/** Marks an export of full identification numbers, in words. */
export function FullIdBadge() {
  return (
    <span className="ml-1 inline-block">
      <Badge tone="warning">Full ID numbers</Badge>
    </span>
  );
}
