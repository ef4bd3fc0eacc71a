import { formatInstant } from "@/lib/core/format";

/** An instant in UTC, machine-readable for assistive technology. */
export function SyncInstant({ at }: { at: Date }) {
  const iso = at.toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {formatInstant(iso, "UTC")}
    </time>
  );
}
