import { formatInstant } from "@/lib/format/dates";

/** An instant in UTC, machine-readable for assistive technology. */
export function SyncInstant({ at }: { at: Date }) {
  const iso = at.toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {formatInstant(iso, "UTC")}
    </time>
  );
}
