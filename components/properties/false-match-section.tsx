import { useTranslations } from "next-intl";

import { OutcomeCells } from "@/components/investigations/outcome-tables";
import { Link } from "@/components/ui/link";
import { ScrollTable } from "@/components/ui/scroll-table";
import type { Formatter } from "@/lib/core/format";
import { MIN_DECIDED } from "@/lib/features/investigations/outcome-rates";
import { outcomesHref } from "@/lib/features/investigations/outcome-view";
import type { PropertyRow } from "@/lib/features/investigations/server";
import type { WindowDays } from "@/lib/features/investigations/view";
import type { Loaded } from "@/lib/features/reports/types";

import { LoadedSection } from "./section";
import { TableHead } from "./table-head";

export interface FalseMatchFigures {
  window: WindowDays;
  from: string;
  to: string;
  rows: PropertyRow[];
}

/** The table's figure columns, in OutcomeCells' order: keys under `properties.falseMatch.columns`. */
const COLUMNS = [
  "rate",
  "settled",
  "notSamePerson",
  "samePerson",
  "recordOutdated",
  "couldNotVerify",
  "noOutcome",
  "police",
] as const;

/** Per property, how often the matches supervisors settled were not the guest. */
export function FalseMatchSection({
  loaded,
  isAdmin,
  asked,
  format,
}: {
  loaded: Loaded<FalseMatchFigures>;
  isAdmin: boolean;
  /** The page's range, when it is not one the rate is read over (a week is too short). */
  asked: number;
  format: Formatter;
}) {
  const t = useTranslations("properties.falseMatch");
  const days = loaded.ok ? loaded.data.window : null;
  return (
    <LoadedSection
      id="false-match"
      title={days ? t("titleDays", { days }) : t("title")}
      what={t("what")}
      loaded={loaded}
      isAdmin={isAdmin}
      description={(figures) => (
        <p>
          {t("description", {
            from: format.dayWithYear(figures.from),
            to: format.dayWithYear(figures.to),
            minimum: MIN_DECIDED,
            readOver: asked !== figures.window ? "yes" : "no",
            window: figures.window,
            asked,
          })}{" "}
          <Link href={outcomesHref({ window: figures.window })} className="text-sky-800 underline">
            {t("fullLink")}
          </Link>
        </p>
      )}
    >
      {(figures) =>
        figures.rows.length === 0 ? (
          <p className="text-sm text-stone-700" data-testid="false-match-none">
            {t("none")}
          </p>
        ) : (
          <ScrollTable label={t("tableLabel")} minWidth="min-w-[52rem]" testId="false-match-table">
            <caption className="sr-only">{t("tableLabel")}</caption>
            <TableHead
              first={t("property")}
              figures={COLUMNS.map((column) => ({ key: column, label: t(`columns.${column}`) }))}
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
