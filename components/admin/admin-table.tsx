import type { ReactNode } from "react";

import { cardClass } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";

/**
 * An admin list as a table, from a tablet up (phones get one card per row instead): a card that
 * scrolls sideways inside a labelled, focusable region, its rows in `children`.
 */
export function AdminTable({
  label,
  caption,
  columns,
  cellPadding,
  children,
}: {
  label: string;
  caption: string;
  columns: readonly string[];
  /** The padding of every cell, the head's included, e.g. "px-3 py-2". */
  cellPadding: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`hidden overflow-x-auto md:block ${cardClass}`}>
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          className="bg-stone-50"
          cellClassName={`${cellPadding} text-left text-xs font-semibold uppercase tracking-wide text-stone-500`}
          columns={columns}
        />
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}
