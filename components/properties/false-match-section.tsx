import { OutcomeCells } from "@/components/investigations/outcome-tables";
import { Link } from "@/components/ui/link";
import { ScrollTable } from "@/components/ui/scroll-table";
import { formatDayWithYear } from "@/lib/core/format";
import { MIN_DECIDED } from "@/lib/features/investigations/outcome-rates";
import { outcomesHref } from "@/lib/features/investigations/outcome-view";
import type { PropertyRow } from "@/lib/features/investigations/server";
import type { WindowDays } from "@/lib/features/investigations/view";
import type { Loaded } from "@/lib/features/reports/types";

import { LoadedSection } from "./section";
import { labelled, TableHead } from "./table-head";

export interface FalseMatchFigures {
  window: WindowDays;
  from: string;
  to: string;
  rows: PropertyRow[];
}

/** Per property, how often the matches supervisors settled were not the guest. */
export function FalseMatchSection({
  loaded,
  isAdmin,
  asked,
}: {
  loaded: Loaded<FalseMatchFigures>;
  isAdmin: boolean;
  /** The page's range, when it is not one the rate is read over (a week is too short). */
  asked: number;
}) {
  const days = loaded.ok ? loaded.data.window : null;
  return (
    <LoadedSection
      id="false-match"
      title={days ? `False-match rate over ${days} days` : "False-match rate"}
      what="the false-match rates"
      loaded={loaded}
      isAdmin={isAdmin}
      description={(figures) => (
        <p>
          Of the matches supervisors settled (same person, not the same person, record outdated) on the lists of{" "}
          {formatDayWithYear(figures.from)} to {formatDayWithYear(figures.to)}, those not the same person; “could not
          verify” and reviews without an outcome are counted beside it. Under {MIN_DECIDED} settled: too few to judge.
          {asked !== figures.window ? ` Read over ${figures.window} days: ${asked} are too few for a rate.` : ""}{" "}
          <Link href={outcomesHref({ window: figures.window })} className="text-sky-800 underline">
            Match outcomes in full
          </Link>
        </p>
      )}
    >
      {(figures) =>
        figures.rows.length === 0 ? (
          <p className="text-sm text-stone-700" data-testid="false-match-none">
            No criminal arrival of your properties was reviewed on these days.
          </p>
        ) : (
          <ScrollTable label="False-match rate by property" minWidth="min-w-[52rem]" testId="false-match-table">
            <caption className="sr-only">False-match rate by property</caption>
            <TableHead
              first="Property"
              figures={labelled([
                "False-match rate",
                "Settled",
                "Not the same person",
                "Same person",
                "Record outdated",
                "Could not verify",
                "No outcome recorded",
                "Police contacted",
              ])}
            />
            <tbody>
              {figures.rows.map((row) => (
                <tr key={row.key} className="border-b border-stone-100 last:border-0" data-testid="false-match-row">
                  <th scope="row" className="px-3 py-2 text-left font-medium break-words text-stone-900">
                    {row.label}
                  </th>
                  <OutcomeCells row={row} />
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )
      }
    </LoadedSection>
  );
}
