import { useTranslations } from "next-intl";

import { ExportButton } from "@/components/reports/export-button";
import { EmptyState } from "@/components/ui/empty-state";
import { PropertyInstant } from "@/components/ui/instants";
import type { Formatter } from "@/lib/core/format";
import { NAME_NOT_CAPTURED } from "@/lib/features/investigations/linkage";
import {
  knownFor,
  missedBansHref,
  type MissedBanFigure,
  type MissedBanFigures,
  type NamedMissedBanRow,
} from "@/lib/features/investigations/missed-bans-view";
import type { MissedBanPage } from "@/lib/features/investigations/server";

import { DayLink, FiguresByProperty, LinkageProvenance, ListTable, PagedList } from "./list-parts";
import { CATEGORY_KEYS } from "./missed-bans-categories";
import { MissedBansFilter } from "./missed-bans-filter";
import { InvestigationSection, UnknownPropertyNotice } from "./screen-parts";

/** Per property and how the desk took the guest in, then in all: the figures before the list. */
function Figures({ figures, format }: { figures: MissedBanFigures; format: Formatter }) {
  const t = useTranslations("investigations.missedBans");
  return (
    <FiguresByProperty
      label={t("figures.label")}
      caption={t("figures.caption")}
      testId="missed-bans-figures"
      rowTestId="missed-bans-figure"
      columns={[
        ...figures.categories.map((category) => ({
          key: category,
          head: t(`categories.${CATEGORY_KEYS[category]}`),
          value: (row: MissedBanFigure) => row.counts[category],
        })),
        { key: "all", head: t("figures.all"), value: (row: MissedBanFigure) => row.total, strong: true },
      ]}
      rows={[
        ...figures.rows,
        ...(figures.rows.length > 1 ? [{ ...figures.total, label: t("figures.allProperties") }] : []),
      ]}
      format={format}
    />
  );
}

function SeenCell({ row }: { row: NamedMissedBanRow }) {
  const t = useTranslations("investigations.missedBans");
  const known = t("known", knownFor(row.knownMs));
  if (!row.seen.shown) return <span className="text-stone-700">{t("seen.elsewhere", { known })}</span>;
  const seen = row.seen;
  return (
    <>
      <span className="block">
        {t("seen.where", { place: seen.here ? t("seen.here") : seen.label, kind: seen.kind })}
      </span>
      <span className="block text-xs text-stone-600">
        {t.rich("seen.when", {
          known,
          time: () => <PropertyInstant at={seen.at} zone={seen.propertyTimeZone} />,
        })}
      </span>
    </>
  );
}

/** The audit of one window: figures, then the list of arrivals, a page at a time, each leading to its stored day. */
export function MissedBansList({ list, format }: { list: MissedBanPage; format: Formatter }) {
  const t = useTranslations("investigations.missedBans");
  const place = { window: list.window, property: list.property?.label ?? null, sort: list.sort };
  const total = list.figures.total.total;
  return (
    <div className="space-y-4">
      <MissedBansFilter window={list.window} property={place.property} sort={list.sort} choices={list.choices} />
      {list.unknownProperty !== null ? (
        <UnknownPropertyNotice asked={list.unknownProperty} title={t("unknownProperty.title")}>
          {t("unknownProperty.body", { asked: list.unknownProperty })}
        </UnknownPropertyNotice>
      ) : null}
      <LinkageProvenance list={list} testId="missed-bans-provenance" format={format} />
      {total === 0 ? (
        <EmptyState title={t("empty.title")}>{t("empty.body")}</EmptyState>
      ) : (
        <>
          <InvestigationSection
            id="missed-bans-figures-heading"
            title={t("figures.title", { count: total, n: format.number(total) })}
          >
            <Figures figures={list.figures} format={format} />
          </InvestigationSection>
          <InvestigationSection
            id="missed-bans-list"
            title={
              list.property
                ? t("listTitleAt", { count: list.total, n: format.number(list.total), property: list.property.label })
                : t("listTitle", { count: list.total, n: format.number(list.total) })
            }
            action={
              <ExportButton
                table="investigation-missed-bans"
                params={{ window: String(list.window), property: place.property, sort: list.sort }}
                disabled={list.total === 0}
                what={t("csv")}
              />
            }
          >
            {list.withheld > 0 ? (
              <p className="mb-3 text-sm text-stone-700" data-testid="missed-bans-withheld">
                {t("withheld", { count: list.withheld, n: format.number(list.withheld) })}
              </p>
            ) : null}
            <PagedList
              page={list}
              noun="missedBans"
              rangeTestId="missed-bans-range"
              pagerLabel={t("pages")}
              pageTestId="missed-bans-page"
              href={(page) => missedBansHref({ ...place, page })}
              format={format}
            >
              <ListTable
                label={t("table.label")}
                caption={t("table.caption", { sort: list.sort })}
                minWidth="min-w-[56rem]"
                testId="missed-bans"
                heads={[
                  t("table.guest"),
                  t("table.property"),
                  t("table.checkIn"),
                  t("table.atCheckIn"),
                  t("table.seen"),
                  t("table.day"),
                ]}
              >
                {list.rows.map((row) => (
                  <tr
                    key={`${row.ref.reportId}:${row.ref.position}`}
                    className="border-b border-stone-100 align-top last:border-0"
                    data-testid="missed-ban-row"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900" data-column="guest">
                      {row.name === null ? (
                        <span className="font-normal text-stone-600 italic">{t("table.nameWithheld")}</span>
                      ) : row.name === NAME_NOT_CAPTURED ? (
                        t("table.nameNotCaptured")
                      ) : (
                        row.name
                      )}
                    </th>
                    <td className="px-3 py-2" data-column="property">
                      {row.label}
                    </td>
                    <td className="px-3 py-2" data-column="check-in">
                      <PropertyInstant at={row.checkInAtUtc} zone={row.propertyTimeZone} />
                    </td>
                    <td className="px-3 py-2" data-column="at-check-in">
                      {t(`categories.${CATEGORY_KEYS[row.category]}`)}
                      {row.category === "no screening record" ? null : (
                        <span className="block text-xs text-stone-600">{t("table.screened")}</span>
                      )}
                    </td>
                    <td className="px-3 py-2" data-column="seen">
                      <SeenCell row={row} />
                    </td>
                    <td className="px-3 py-2">
                      <DayLink href={row.href} list="guests" day={row.day} label={row.label} format={format} />
                    </td>
                  </tr>
                ))}
              </ListTable>
            </PagedList>
            <p className="mt-3 text-xs text-stone-600">{t("footnote")}</p>
          </InvestigationSection>
        </>
      )}
    </div>
  );
}
