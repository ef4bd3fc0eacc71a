import { acknowledgementOf } from "@/lib/features/criminal-arrivals/acknowledgement";
import type { CriminalArrival } from "@/lib/features/reports/types";

/**
 * The desk's acknowledgement exactly as the API reports it, in a block of its own: Daybook's own
 * supervisor review will sit beside it later and must never be mixed into it.
 */
export function DeskAcknowledgement({
  item,
  zone,
  headingId,
}: {
  item: CriminalArrival;
  /** The property's zone where Daybook knows it: the time is then named by it. */
  zone?: string | null;
  headingId: string;
}) {
  const view = acknowledgementOf(item, zone);
  const acknowledged = view.kind === "acknowledged";
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      data-testid="desk-acknowledgement"
      data-state={view.kind}
      className={`rounded-md border px-3 py-2 text-sm ${acknowledged ? "border-stone-200 bg-stone-50" : "border-amber-300 bg-amber-50"}`}
    >
      <h4 id={headingId} className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        Desk acknowledgement (from the API)
      </h4>
      {view.kind === "acknowledged" ? (
        <>
          <p className="mt-1 font-medium text-emerald-800">
            <span aria-hidden className="mr-1">
              ✓
            </span>
            <span data-testid="acknowledgement-label">{view.label}</span>
          </p>
          <p className="mt-0.5 text-stone-800">
            <time dateTime={view.utcInstant} title={view.utcText} data-testid="acknowledged-local">
              {view.localText}
            </time>
          </p>
          <p className="text-xs text-stone-600" data-testid="acknowledged-utc">
            {view.utcText}
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 font-semibold text-amber-900">
            <span aria-hidden className="mr-1">
              ⚠
            </span>
            <span data-testid="acknowledgement-label">{view.label}</span>
          </p>
          <p className="mt-0.5 text-amber-900">{view.explanation}</p>
        </>
      )}
    </div>
  );
}
