import { UnattendedNotice } from "@/components/review/unattended-notice";
import type { RangeDays } from "@/lib/core/days";
import { formatDayWithYear } from "@/lib/core/format";
import type { GuestDataSection } from "@/lib/features/comparison/server";
import {
  describeMedianHours,
  describeOnTime,
  describeOpen,
  type SignOffFigure,
} from "@/lib/features/comparison/sign-off";
import type { Loaded } from "@/lib/features/reports/types";

import { GuestDataTable, LoadedSection } from "./section";
import { labelled, TableHead } from "./table-head";

/** Per property, how promptly supervisors signed off the criminal-arrival lists Daybook stored. */
export function SignOffSection({
  loaded,
  range,
  isAdmin,
  unattended = [],
}: {
  loaded: Loaded<(GuestDataSection<SignOffFigure> & { overdueHours: number }) | null>;
  range: RangeDays;
  isAdmin: boolean;
  /** The properties no active supervisor can sign off: why their lists stay open. */
  unattended?: readonly string[];
}) {
  return (
    <LoadedSection
      id="sign-off"
      title={`Sign-off timeliness over ${range} days`}
      what="the sign-off timeliness"
      loaded={loaded}
      isAdmin={isAdmin}
      description={(section) => (
        <p>
          A list is one property&apos;s criminal arrivals for one local day, from{" "}
          {formatDayWithYear(section.range.from)} to {formatDayWithYear(section.range.to)}. It is due{" "}
          {section.overdueHours} hours after Daybook stored it; “on time” counts the lists due, signed off within those
          hours.
        </p>
      )}
    >
      {(section) => (
        <>
          <UnattendedNotice names={unattended} canGrant={isAdmin} />
          <GuestDataTable
            section={section}
            label="Sign-off timeliness by property"
            minWidth="min-w-[40rem]"
            testId="sign-off-table"
            caption="Sign-off timeliness, by property"
            head={
              <TableHead
                first="Property"
                figures={labelled([
                  "Signed off / lists",
                  `On time (within ${section.overdueHours} h)`,
                  "Median to sign-off",
                  "Still open",
                ])}
              />
            }
            rowTestId="sign-off-row"
            cells={(figure) => (
              <>
                <td className="px-3 py-2 text-right">
                  {figure.lists === 0 ? "No lists" : `${figure.signedOff} of ${figure.lists}`}
                </td>
                <td className="px-3 py-2 text-right">{describeOnTime(figure)}</td>
                <td className="px-3 py-2 text-right">{describeMedianHours(figure)}</td>
                <td className={`px-3 py-2 text-right ${figure.openOverdue > 0 ? "font-medium text-amber-900" : ""}`}>
                  {describeOpen(figure)}
                </td>
              </>
            )}
          />
        </>
      )}
    </LoadedSection>
  );
}
