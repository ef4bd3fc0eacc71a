import { stringify } from "csv-stringify/sync";

/** A cell as a column produces it: text (in words where the screen uses words) or a figure. */
export type CsvCell = string | number;

/**
 * One column of an exported table. `group` is the screen's own column id: the person chooses
 * screen columns, and one screen column may become several CSV columns (an address, say).
 */
export interface CsvColumn<Row> {
  group: string;
  header: string;
  cell: (row: Row) => CsvCell;
}

export interface CsvTable {
  headers: string[];
  rows: CsvCell[][];
  /** The screen columns included, in order, once each: what the audit entry lists. */
  groups: string[];
}

/** The columns of the chosen groups, in the table's own order. */
export function chooseColumns<Row>(columns: readonly CsvColumn<Row>[], groups: ReadonlySet<string>): CsvColumn<Row>[] {
  return columns.filter((column) => groups.has(column.group));
}

export function tabulate<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): CsvTable {
  return {
    headers: columns.map((column) => column.header),
    rows: rows.map((row) => columns.map((column) => column.cell(row))),
    groups: [...new Set(columns.map((column) => column.group))],
  };
}

/**
 * The file's text. A byte-order mark first, so spreadsheet apps read it as UTF-8 (accents, other
 * scripts); CRLF line ends (RFC 4180); fields quoted when they hold a comma, a quote or a line
 * break. Text cells starting with = + - @ tab or CR get a leading apostrophe, so a spreadsheet shows
 * them rather than running them as a formula; figures are ours and stay numbers.
 */
export function toCsv(table: Pick<CsvTable, "headers" | "rows">): string {
  return stringify([table.headers, ...table.rows], {
    bom: true,
    escape_formulas: true,
    record_delimiter: "windows",
    cast: { number: (value) => String(value) },
  });
}
