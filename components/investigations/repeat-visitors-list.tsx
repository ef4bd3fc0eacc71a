import { useTranslations } from "next-intl";

import { ExportButton } from "@/components/reports/export-button";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PropertyInstant } from "@/components/ui/instants";
import { Link } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import type { Formatter } from "@/lib/core/format";
import { NAME_NOT_CAPTURED } from "@/lib/features/investigations/linkage";
import { SPREAD_DAYS, SPREAD_PROPERTIES } from "@/lib/features/investigations/repeat-visitors";
import {
  repeatVisitorsHref,
  type NamedRepeatVisitRow,
  type RepeatFigure,
  type RepeatFigures,
} from "@/lib/features/investigations/repeat-visitors-view";
import type { RepeatPage } from "@/lib/features/investigations/server";

import { FiguresByProperty, LinkageProvenance, ListTable, PagedList } from "./list-parts";
import { RepeatVisitorsDaysForm } from "./repeat-visitors-days-form";
import { RepeatVisitorsFilter } from "./repeat-visitors-filter";
import { KIND_KEYS } from "./repeat-visitors-kinds";
import { InvestigationSection, UnknownPropertyNotice } from "./screen-parts";

/** The rule of three properties within a week, as every sentence about it names it. */
const SPREAD = { properties: SPREAD_PROPERTIES, days: SPREAD_DAYS };

function Figures({ figures, followDays, format }: { figures: RepeatFigures; followDays: number; format: Formatter }) {
  const t = useTranslations("investigations.repeatVisitors.figures");
  return (
    <FiguresByProperty
      label={t("label")}
      caption={t("label")}
      testId="repeat-visitors-figures"
      rowTestId="repeat-visitors-figure"
      columns={[
        {
          key: "flagged-here",
          head: t("flaggedHere", { days: followDays }),
          value: (row: RepeatFigure) => row.flaggedHere,
        },
        { key: "arrived-here", head: t("arrivedHere"), value: (row) => row.arrivedHere },
        { key: "spread", head: t("spread", SPREAD), value: (row) => row.spread },
      ]}
      rows={figures.rows}
      format={format}
    />
  );
}

function Visits({ row }: { row: NamedRepeatVisitRow }) {
  const t = useTranslations("investigations.repeatVisitors");
  return (
    <ol className="space-y-1.5">
      {row.visits.map((visit) => (
        <li key={`${visit.ref.reportId}:${visit.ref.position}`} data-testid="repeat-visit">
          <span className="block font-medium text-stone-900" data-column="visit-property">
            {visit.label}
          </span>
          <span className="block text-xs text-stone-700">
            <PropertyInstant at={visit.checkInAtUtc} zone={visit.propertyTimeZone} />
            {visit.found.length > 0 ? ` · ${visit.found.map((key) => t(`found.${key}`)).join(", ")}` : ""} ·{" "}
            <Link className="text-sky-800 underline" href={visit.href}>
              {t.rich("storedDay", {
                label: visit.label,
                sr: (chunks) => <span className="sr-only">{chunks}</span>,
              })}
            </Link>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Figures, then the list of entries the person sees whole, a page at a time; N set here by admins. */
export function RepeatVisitorsList({
  list,
  canChangeDays,
  format,
}: {
  list: RepeatPage & { followDaysChosen: boolean };
  canChangeDays: boolean;
  format: Formatter;
}) {
  const t = useTranslations("investigations.repeatVisitors");
  const place = { window: list.window, property: list.property?.label ?? null, kind: list.kind, sort: list.sort };
  const all = list.figures.total.afterFlag + list.figures.total.spread;
  const n = format.number;
  const name = (shown: string) => (shown === NAME_NOT_CAPTURED ? t("table.nameNotCaptured") : shown);
  return (
    <div className="space-y-4">
      <RepeatVisitorsFilter {...place} choices={list.choices} />
      {list.unknownProperty !== null ? (
        <UnknownPropertyNotice asked={list.unknownProperty} title={t("unknownProperty.title")}>
          {t("unknownProperty.body", { asked: list.unknownProperty })}
        </UnknownPropertyNotice>
      ) : null}
      {list.cut !== null ? (
        <Notice tone="info" title={t("cut.title")}>
          {t("cut.body", { cut: n(list.cut), ...SPREAD })}
        </Notice>
      ) : null}
      <LinkageProvenance list={list} testId="repeat-visitors-provenance" format={format}>
        {t("provenance")}
      </LinkageProvenance>
      {list.hidden > 0 ? (
        <p className="text-sm text-stone-700" data-testid="repeat-visitors-hidden">
          {t("hidden", { count: list.hidden, n: n(list.hidden) })}
        </p>
      ) : null}
      {all === 0 ? (
        <EmptyState title={t("empty.title")}>{t("empty.body", { followDays: list.followDays, ...SPREAD })}</EmptyState>
      ) : (
        <>
          <InvestigationSection
            id="repeat-visitors-figures-heading"
            title={t("figures.title", {
              afterFlag: list.figures.total.afterFlag,
              afterFlagN: n(list.figures.total.afterFlag),
              followDays: list.followDays,
              spread: list.figures.total.spread,
              spreadN: n(list.figures.total.spread),
              ...SPREAD,
            })}
          >
            <Figures figures={list.figures} followDays={list.followDays} format={format} />
          </InvestigationSection>
          <InvestigationSection
            id="repeat-visitors-list"
            title={t("listTitle", {
              count: list.total,
              n: n(list.total),
              property: list.property ? "one" : "none",
              label: list.property?.label ?? "",
              kind: list.kind ? KIND_KEYS[list.kind] : "none",
              ...SPREAD,
            })}
            action={
              <ExportButton
                table="investigation-repeat-visitors"
                params={{
                  window: String(list.window),
                  property: place.property,
                  kind: list.kind,
                  sort: list.sort,
                }}
                disabled={list.total === 0}
                what={t("csv")}
              />
            }
          >
            <PagedList
              page={list}
              noun="repeatVisits"
              rangeTestId="repeat-visitors-range"
              pagerLabel={t("pages")}
              pageTestId="repeat-visitors-page"
              href={(page) => repeatVisitorsHref({ ...place, page })}
              format={format}
            >
              <ListTable
                label={t("table.label")}
                caption={t("table.caption", { sort: list.sort })}
                minWidth="min-w-[48rem]"
                testId="repeat-visitors"
                heads={[t("table.guest"), t("table.rule"), t("table.visits"), t("table.days")]}
              >
                {list.rows.map((row) => (
                  <tr
                    key={row.id}
                    className="border-b border-stone-100 align-top last:border-0"
                    data-testid="repeat-row"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="guest">
                      {name(row.name)}
                      {row.otherNames.length > 0 ? (
                        <span className="block text-xs font-normal text-stone-600">
                          {t("table.alsoRecordedAs", { names: row.otherNames.map(name).join(", ") })}
                        </span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2" data-column="rule">
                      {t(`kinds.${KIND_KEYS[row.kind]}`, SPREAD)}
                    </td>
                    <td className="px-3 py-2" data-column="visits">
                      <Visits row={row} />
                    </td>
                    <td className="px-3 py-2 tabular-nums" data-column="days">
                      {n(row.days)}
                    </td>
                  </tr>
                ))}
              </ListTable>
            </PagedList>
          </InvestigationSection>
        </>
      )}
      <section aria-labelledby="repeat-visit-days-heading" className={`p-4 sm:p-5 ${cardClass}`}>
        <h2 id="repeat-visit-days-heading" className="text-base font-semibold text-stone-900">
          {t("days.title")}
        </h2>
        <p className="mt-1 mb-3 text-sm text-stone-700" data-testid="repeat-visit-days">
          {t("days.body", { days: list.followDays, chosen: list.followDaysChosen ? "yes" : "no" })}
        </p>
        {canChangeDays ? <RepeatVisitorsDaysForm days={list.followDays} /> : null}
      </section>
    </div>
  );
}
