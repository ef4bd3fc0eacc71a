import { formatInstant } from "@/lib/core/format";

/** An instant in UTC, machine-readable for assistive technology; the exact ISO time in its tooltip. */
export function UtcInstant({ at }: { at: Date }) {
  const iso = at.toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {formatInstant(iso, "UTC")}
    </time>
  );
}
