import { useTranslations } from "next-intl";

import { UnattendedNotice } from "@/components/review/unattended-notice";
import type { RangeDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
import type { GuestDataSection } from "@/lib/features/comparison/server";
import {
  describeMedianHours,
  describeOnTime,
  describeOpen,
  describeSignedOff,
  type SignOffFigure,
} from "@/lib/features/comparison/sign-off";
import type { Loaded } from "@/lib/features/reports/types";

import { GuestDataTable, LoadedSection } from "./section";
import { TableHead } from "./table-head";

/** Per property, how promptly supervisors signed off the criminal-arrival lists Daybook stored. */
export function SignOffSection({
  loaded,
  range,
  isAdmin,
  format,
  unattended = [],
}: {
  loaded: Loaded<(GuestDataSection<SignOffFigure> & { overdueHours: number }) | null>;
  range: RangeDays;
  isAdmin: boolean;
  format: Formatter;
  /** The properties no active supervisor can sign off: why their lists stay open. */
  unattended?: readonly string[];
}) {
  const t = useTranslations("properties.signOff");
  const cells = useTranslations("properties.signOff.cells");
  return (
    <LoadedSection
      id="sign-off"
      title={t("title", { range })}
      what={t("what")}
      loaded={loaded}
      isAdmin={isAdmin}
      description={(section) => (
        <p>
          {t("description", {
            from: format.dayWithYear(section.range.from),
            to: format.dayWithYear(section.range.to),
            hours: section.overdueHours,
          })}
        </p>
      )}
    >
      {(section) => (
        <>
          <UnattendedNotice names={unattended} canGrant={isAdmin} />
          <GuestDataTable
            section={section}
            format={format}
            label={t("tableLabel")}
            minWidth="min-w-[40rem]"
            testId="sign-off-table"
            caption={t("caption")}
            head={
              <TableHead
                first={t("property")}
                figures={[
                  { key: "signedOff", label: t("columns.signedOff") },
                  { key: "onTime", label: t("columns.onTime", { hours: section.overdueHours }) },
                  { key: "median", label: t("columns.median") },
                  { key: "open", label: t("columns.open") },
                ]}
              />
            }
            rowTestId="sign-off-row"
            cells={(figure) => (
              <>
                <td className="px-3 py-2 text-right">{describeSignedOff(cells, format, figure)}</td>
                <td className="px-3 py-2 text-right">{describeOnTime(cells, format, figure)}</td>
                <td className="px-3 py-2 text-right">{describeMedianHours(cells, format, figure)}</td>
                <td className={`px-3 py-2 text-right ${figure.openOverdue > 0 ? "font-medium text-amber-900" : ""}`}>
                  {describeOpen(cells, format, figure)}
                </td>
              </>
            )}
          />
        </>
      )}
    </LoadedSection>
  );
}
