import type { ReactNode } from "react";

/** A column of a table's head: its label, and classes of its own after the head's shared ones. */
interface HeadColumn {
  key: string;
  label: ReactNode;
  className?: string;
}

/**
 * A table's head: one row, a column header (`scope="col"`) per column, every cell drawn with
 * `cellClassName` and, for a column given as an object, its own `className` after it.
 */
export function ColumnHeads({
  columns,
  cellClassName,
  className,
  rowClassName,
}: {
  /** A label alone, or a column with its own classes. */
  columns: readonly (string | HeadColumn)[];
  cellClassName: string;
  /** The `<thead>`'s classes. */
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((entry) => {
          const column = typeof entry === "string" ? { key: entry, label: entry } : entry;
          return (
            <th
              key={column.key}
              scope="col"
              className={column.className ? `${cellClassName} ${column.className}` : cellClassName}
            >
              {column.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
