import { offenseListsOf, type OffenseList } from "@/lib/features/criminal-arrivals/offense-lists";
import type { CriminalArrival } from "@/lib/features/reports/types";

/** One of the two lists under its heading; its own words when empty. Also the sign-off record's. */
export function OneList({ list, testId }: { list: OffenseList; testId: string }) {
  return (
    <div data-testid={testId}>
      <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{list.heading}</h4>
      {list.items.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{list.emptyText}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-stone-800">
          {list.items.map((entry, index) => (
            <li key={index} className="break-words">
              {entry}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Crime types and offense descriptions as two independent lists, each whole under its own
 * heading: the API does not pair them by position, so neither does the screen.
 */
export function OffenseLists({ item }: { item: CriminalArrival }) {
  const view = offenseListsOf(item);
  if (view.kind === "withheld") {
    return (
      <p data-testid="offense-details-withheld" className="text-sm text-stone-700">
        {view.message}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2">
        <OneList list={view.crimeTypes} testId="crime-types" />
        <OneList list={view.offenseDescriptions} testId="offense-descriptions" />
      </div>
      {view.note ? <p className="text-xs text-stone-600">{view.note}</p> : null}
    </div>
  );
}
