import { RULE_WORDS } from "@/lib/features/insights/unusual";

/**
 * The unusual-day rule in words, folded away under "How this is judged": the figures come first,
 * and the method is one click away rather than repeated under every list.
 */
export function HowUnusualIsJudged() {
  return (
    <details className="rounded-md border border-stone-200 text-sm" data-testid="how-judged">
      <summary className="cursor-pointer px-3 py-2 font-medium text-stone-800 hover:bg-stone-50">
        How this is judged
      </summary>
      <div className="space-y-2 border-t border-stone-200 px-3 py-2 text-stone-700">
        <p>{RULE_WORDS}</p>
        <p>
          Only days Daybook stored are judged, each property on its own local day: a day it did not store, or a figure
          the day did not record, is never said to be usual or unusual.
        </p>
      </div>
    </details>
  );
}
