import { ScrollTable } from "@/components/ui/scroll-table";
import type { Viewer } from "@/lib/core/access";
import type { DayParam, RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";
import { getSignOffs } from "@/lib/features/comparison/server";
import { describeMedianHours, describeOnTime, describeOpen } from "@/lib/features/comparison/sign-off";

import { GuestDataNotes } from "./guest-data-notes";
import { ComparisonSection } from "./section";
import { loadStoredSection } from "./stored-section";
import { labelled, TableHead } from "./table-head";

const ID = "sign-off";
const TITLE = "Sign-off timeliness";

/** Per property, how promptly supervisors signed off the criminal-arrival lists Daybook stored. */
export async function SignOffSection({ viewer, range, day }: { viewer: Viewer; range: RangeDays; day: DayParam }) {
  const loaded = await loadStoredSection({
    id: ID,
    title: TITLE,
    viewer,
    what: "the sign-off timeliness",
    load: () => getSignOffs(viewer, range, day),
  });
  if (!loaded.ok) return loaded.element;
  const section = loaded.data;
  const hours = section.overdueHours;
  return (
    <ComparisonSection
      id={ID}
      title={TITLE}
      description={
        <p>
          A list is one property&apos;s criminal arrivals for one local day, from{" "}
          {formatDayWithYear(section.range.from)} to {formatDayWithYear(section.range.to)}. It is due {hours} hours
          after Daybook stored it; “on time” counts the lists due, signed off within those hours.
        </p>
      }
    >
      <GuestDataNotes section={section} />
      <ScrollTable label="Sign-off timeliness by property" minWidth="min-w-[40rem]" testId="sign-off-table">
        <caption className="sr-only">Sign-off timeliness, by property</caption>
        <TableHead
          first="Property"
          figures={labelled(["Signed off / lists", `On time (within ${hours} h)`, "Median to sign-off", "Still open"])}
        />
        <tbody className="tabular-nums">
          {section.figures.map((figure) => (
            <tr
              key={figure.propertyName}
              className="border-b border-stone-100 last:border-0"
              data-testid="sign-off-row"
            >
              <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900">
                {figure.propertyName}
              </th>
              <td className="px-3 py-2 text-right">
                {figure.lists === 0 ? "No lists" : `${figure.signedOff} of ${figure.lists}`}
              </td>
              <td className="px-3 py-2 text-right">{describeOnTime(figure)}</td>
              <td className="px-3 py-2 text-right">{describeMedianHours(figure)}</td>
              <td className={`px-3 py-2 text-right ${figure.openOverdue > 0 ? "font-medium text-amber-900" : ""}`}>
                {describeOpen(figure)}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </ComparisonSection>
  );
}
