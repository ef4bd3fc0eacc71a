import { ScrollTable } from "@/components/ui/scroll-table";
import type { Viewer } from "@/lib/core/access";
import type { DayParam, RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";
import { describeAcknowledgements, describeMedianWait } from "@/lib/features/comparison/acknowledgement";
import { getAcknowledgements } from "@/lib/features/comparison/server";

import { GuestDataNotes } from "./guest-data-notes";
import { ComparisonSection } from "./section";
import { loadStoredSection } from "./stored-section";

const ID = "acknowledgement";
const TITLE = "Time to desk acknowledgement";

/** Per property, the median time from a screening match's check-in to the desk acknowledging its alert. */
export async function AcknowledgementSection({
  viewer,
  range,
  day,
}: {
  viewer: Viewer;
  range: RangeDays;
  day: DayParam;
}) {
  const loaded = await loadStoredSection({
    id: ID,
    title: TITLE,
    viewer,
    what: "the acknowledgement times",
    load: () => getAcknowledgements(viewer, range, day),
  });
  if (!loaded.ok) return loaded.element;
  const section = loaded.data;
  return (
    <ComparisonSection
      id={ID}
      title={TITLE}
      description={
        <p>
          From check-in to the desk acknowledging the alert, over the criminal arrivals of {section.storedDays} stored{" "}
          {section.storedDays === 1 ? "day" : "days"} from {formatDayWithYear(section.range.from)} to{" "}
          {formatDayWithYear(section.range.to)}. An alert not acknowledged has no time; it is counted apart.
        </p>
      }
    >
      <GuestDataNotes section={section} />
      <ScrollTable label="Acknowledgement times by property" minWidth="min-w-[30rem]" testId="acknowledgement-table">
        <caption className="sr-only">Median time to desk acknowledgement, by property</caption>
        <thead className="bg-stone-50 text-left text-stone-700">
          <tr>
            <th scope="col" className="border-b border-stone-200 px-3 py-2 font-medium">
              Property
            </th>
            <th scope="col" className="border-b border-stone-200 px-3 py-2 text-right font-medium">
              Median time
            </th>
            <th scope="col" className="border-b border-stone-200 px-3 py-2 font-medium">
              Alerts
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {section.figures.map((figure) => (
            <tr
              key={figure.propertyName}
              className="border-b border-stone-100 last:border-0"
              data-testid="acknowledgement-row"
            >
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                {figure.propertyName}
              </th>
              <td className={`px-3 py-2 text-right ${figure.medianMs === null ? "text-stone-600 italic" : ""}`}>
                {describeMedianWait(figure)}
              </td>
              <td className="px-3 py-2 text-stone-700">{describeAcknowledgements(figure)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </ComparisonSection>
  );
}
