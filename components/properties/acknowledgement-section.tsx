import type { RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";
import {
  describeAcknowledgements,
  describeMedianWait,
  type AcknowledgementFigure,
} from "@/lib/features/comparison/acknowledgement";
import type { GuestDataSection } from "@/lib/features/comparison/server";
import type { Loaded } from "@/lib/features/reports/types";

import { GuestDataTable, LoadedSection } from "./section";
import { TableHead } from "./table-head";

/** Per property, the median time from a screening match's check-in to the desk acknowledging its alert. */
export function AcknowledgementSection({
  loaded,
  range,
  isAdmin,
}: {
  loaded: Loaded<GuestDataSection<AcknowledgementFigure> | null>;
  range: RangeDays;
  isAdmin: boolean;
}) {
  return (
    <LoadedSection
      id="acknowledgement"
      title={`Time to desk acknowledgement over ${range} days`}
      what="the acknowledgement times"
      loaded={loaded}
      isAdmin={isAdmin}
      description={(section) => (
        <p>
          From check-in to the desk acknowledging the alert, over the criminal arrivals of {section.storedDays} stored{" "}
          {section.storedDays === 1 ? "day" : "days"} from {formatDayWithYear(section.range.from)} to{" "}
          {formatDayWithYear(section.range.to)}. An alert not acknowledged has no time; it is counted apart.
        </p>
      )}
    >
      {(section) => (
        <GuestDataTable
          section={section}
          label="Acknowledgement times by property"
          minWidth="min-w-[30rem]"
          testId="acknowledgement-table"
          caption="Median time to desk acknowledgement, by property"
          head={
            <TableHead
              first="Property"
              figures={[
                { key: "median", label: "Median time" },
                { key: "alerts", label: "Alerts", text: true },
              ]}
            />
          }
          rowTestId="acknowledgement-row"
          cells={(figure) => (
            <>
              <td className={`px-3 py-2 text-right ${figure.medianMs === null ? "text-stone-600 italic" : ""}`}>
                {describeMedianWait(figure)}
              </td>
              <td className="px-3 py-2 text-stone-700">{describeAcknowledgements(figure)}</td>
            </>
          )}
        />
      )}
    </LoadedSection>
  );
}
