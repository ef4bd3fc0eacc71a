import type { ReactNode } from "react";

import { Badge } from "@/components/ui/badge";
import { formatRate, formatShare, formatValue } from "@/lib/features/overview/figures";

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
  return (
    <p data-testid={testId} className={value === null ? className.notRecorded : className.recorded}>
      {formatValue(value)}
      {value === null ? <span className="sr-only"> for that day (not zero)</span> : null}
    </p>
  );
}

/** The first cell of a property's row: its name, and "No arrivals" for a day without any. */
function PropertyRowHeader({ label, noArrivals }: { label: string; noArrivals: boolean }) {
  return (
    <th scope="row" className="sticky left-0 z-10 min-w-44 bg-white px-3 py-2 text-left font-medium text-stone-900">
      <span className="mr-2">{label}</span>
      {noArrivals ? <Badge tone="neutral">No arrivals</Badge> : null}
    </th>
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
  row: { noArrivals: boolean; scans: number | null };
  testId: string;
  children: ReactNode;
}) {
  return (
    <tr className="border-b border-stone-100 last:border-0" data-testid={testId}>
      <PropertyRowHeader label={label} noArrivals={row.noArrivals} />
      <td className="px-3 py-2 text-right" data-column="scans">
        {formatValue(row.scans)}
      </td>
      {children}
    </tr>
  );
}

/** Manual-entry share, then alerts and warnings per 100 scans in cells of their own: never one total. */
export function RateCells({
  row,
}: {
  row: { manualShare: number | null; alertsPer100: number | null; warningsPer100: number | null };
}) {
  return (
    <>
      <td className="px-3 py-2 text-right" data-column="manualShare">
        {formatShare(row.manualShare)}
      </td>
      <td className="px-3 py-2 text-right" data-column="alertsPer100">
        {formatRate(row.alertsPer100)}
      </td>
      <td className="px-3 py-2 text-right" data-column="warningsPer100">
        {formatRate(row.warningsPer100)}
      </td>
    </>
  );
}

/** Where local warnings go unrecorded at some property: why its warnings per 100 scans may read low. */
export function LocalWarningsNote({ className }: { className?: string }) {
  return (
    <p className={className}>
      Local warnings are not recorded at every property; where they are not, the row counts them as 0, so warnings per
      100 scans may be low there.
    </p>
  );
}
