import { formatInstant } from "@/lib/core/format";

/** An instant in UTC, machine-readable for assistive technology; the exact ISO time in its tooltip. */
export function UtcInstant({ at }: { at: Date | string }) {
  const iso = new Date(at).toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {formatInstant(iso, "UTC")}
    </time>
  );
}
