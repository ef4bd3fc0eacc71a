import { useTranslations } from "next-intl";

import type { RangeDays } from "@/lib/core/days";
import type { Formatter } from "@/lib/core/format";
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
  format,
}: {
  loaded: Loaded<GuestDataSection<AcknowledgementFigure> | null>;
  range: RangeDays;
  isAdmin: boolean;
  format: Formatter;
}) {
  const t = useTranslations("properties.acknowledgement");
  const duration = useTranslations("properties.duration");
  return (
    <LoadedSection
      id="acknowledgement"
      title={t("title", { range })}
      what={t("what")}
      loaded={loaded}
      isAdmin={isAdmin}
      description={(section) => (
        <p>
          {t("description", {
            days: section.storedDays,
            from: format.dayWithYear(section.range.from),
            to: format.dayWithYear(section.range.to),
          })}
        </p>
      )}
    >
      {(section) => (
        <GuestDataTable
          section={section}
          format={format}
          label={t("tableLabel")}
          minWidth="min-w-[30rem]"
          testId="acknowledgement-table"
          caption={t("caption")}
          head={
            <TableHead
              first={t("property")}
              figures={[
                { key: "median", label: t("median") },
                { key: "alerts", label: t("alerts"), text: true },
              ]}
            />
          }
          rowTestId="acknowledgement-row"
          cells={(figure) => (
            <>
              <td className={`px-3 py-2 text-right ${figure.medianMs === null ? "text-stone-600 italic" : ""}`}>
                {describeMedianWait(t, duration, format, figure)}
              </td>
              <td className="px-3 py-2 text-stone-700">{describeAcknowledgements(t, figure)}</td>
            </>
          )}
        />
      )}
    </LoadedSection>
  );
}
