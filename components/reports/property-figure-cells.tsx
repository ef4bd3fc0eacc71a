"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { NotEnoughHistoryBadge, UnusualMark } from "@/components/reports/unusual-marks";
import { Badge } from "@/components/ui/badge";
import type { Formatter } from "@/lib/core/format";
import type { RowMarks } from "@/lib/features/insights/unusual";
import type { TableFigure, TableRow } from "@/lib/features/overview/figures";
import { useFormat } from "@/lib/features/preferences/hooks";

// A client module: figures are written in the person's formats (useFormat), for server and client tables alike.

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

type Words = ReturnType<typeof useTranslations<"reports.figures">>;

/** A figure in the person's formats: a count, a share ("12.3 %") or a rate per 100; a missing rate or share is "—". */
function formatFigure(figure: TableFigure, value: number | null, format: Formatter, t: Words): string {
  if (figure === "manualShare") return value === null ? "—" : t("share", { value: format.number(value, ONE_DECIMAL) });
  if (figure.endsWith("Per100")) return value === null ? "—" : format.number(value, ONE_DECIMAL);
  return value === null ? t("notRecorded") : format.number(value);
}

/** A headline figure, or "Not recorded", read out as not a zero; each state styled by its caller. */
export function FigureValue({
  value,
  className,
  testId,
}: {
  value: number | null;
  className: { recorded: string; notRecorded: string };
  testId?: string;
}) {
  const t = useTranslations("reports.figures");
  const format = useFormat();
  return (
    <p data-testid={testId} className={value === null ? className.notRecorded : className.recorded}>
      {value === null ? t("notRecorded") : format.number(value)}
      {value === null ? <span className="sr-only"> {t("notZero")}</span> : null}
    </p>
  );
}

/** The first cell of a property's row: its name, and "No arrivals" for a day without any. */
function PropertyRowHeader({
  label,
  noArrivals,
  notEnoughHistory = false,
}: {
  label: string;
  noArrivals: boolean;
  notEnoughHistory?: boolean;
}) {
  const t = useTranslations("reports.figures");
  return (
    <th scope="row" className="sticky left-0 z-10 min-w-44 bg-white px-3 py-2 text-left font-medium text-stone-900">
      <span className="mr-2">{label}</span>
      {noArrivals ? <Badge tone="neutral">{t("noArrivals")}</Badge> : null}
      {notEnoughHistory ? <NotEnoughHistoryBadge /> : null}
    </th>
  );
}

/** A table figure that the day did not record: said in words, never a dash or a 0. */
export function NotRecorded() {
  const t = useTranslations("reports.figures");
  return <span className="text-xs text-stone-600 italic">{t("notRecorded")}</span>;
}

type FigureRow = Pick<TableRow, "notRecorded"> &
  Partial<Record<TableFigure, number | null>> & {
    /** Rates far outside the property's own history (lib/features/insights/unusual.ts), by figure. */
    marks?: RowMarks;
  };

/** One figure of a property's row: "Not recorded", "—" for a rate without scans, or the figure. */
function FigureCell({ row, figure }: { row: FigureRow; figure: TableFigure }) {
  const t = useTranslations("reports.figures");
  const format = useFormat();
  const value = row[figure] ?? null;
  const text = formatFigure(figure, value, format, t);
  const unusual = row.notRecorded.includes(figure) ? undefined : row.marks?.unusual[figure];
  if (unusual) return <UnusualMark column={figure} value={text} sentence={unusual.sentence} />;
  return (
    <td className="px-3 py-2 text-right" data-column={figure}>
      {row.notRecorded.includes(figure) ? <NotRecorded /> : text}
    </td>
  );
}

/** A property's row of a figures table: its name, its scans, then the table's own `children` cells. */
export function PropertyRow({
  label,
  row,
  testId,
  children,
}: {
  label: string;
  row: FigureRow & { noArrivals: boolean };
  testId: string;
  children: ReactNode;
}) {
  return (
    <tr className="border-b border-stone-100 last:border-0" data-testid={testId}>
      <PropertyRowHeader label={label} noArrivals={row.noArrivals} notEnoughHistory={row.marks?.notEnoughHistory} />
      <FigureCell row={row} figure="scans" />
      {children}
    </tr>
  );
}

/** Manual-entry share, then alerts and warnings per 100 scans in cells of their own: never one total. */
export function RateCells({ row }: { row: FigureRow }) {
  return (
    <>
      <FigureCell row={row} figure="manualShare" />
      <FigureCell row={row} figure="alertsPer100" />
      <FigureCell row={row} figure="warningsPer100" />
    </>
  );
}

/** The Overview's last column. */
export function BansAddedCell({ row }: { row: FigureRow }) {
  return <FigureCell row={row} figure="bansAdded" />;
}

/** Under a table: what "Not recorded" and a shared name's numbering mean, when the rows have them. */
export function RowNotes({ notes }: { notes: readonly (string | null)[] }) {
  return (
    <>
      {notes.map((note) =>
        note === null ? null : (
          <p key={note} data-testid="row-note">
            {note}
          </p>
        ),
      )}
    </>
  );
}
