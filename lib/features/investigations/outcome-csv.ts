/**
 * The match outcomes' tables as one CSV: a row per figure of the screen, each naming its breakdown
 * and group in machine values (a month as YYYY-MM, a source as the API sends it), the list days it
 * covers, every count, and the rate as a percentage, left empty where there are too few to judge.
 * Nothing in it names a guest.
 */
import { yesNo } from "@/lib/features/export/cells";
import { tabulate, type CsvColumn, type CsvTable } from "@/lib/features/export/csv";

import type { OutcomeRow, OutcomeTables } from "./outcome-view";

type Breakdown = "total" | "match" | "property" | "source" | "month";

interface CsvRow {
  breakdown: Breakdown;
  property: string;
  row: OutcomeRow;
  from: string;
  to: string;
}

const ALL_PROPERTIES = "All your properties";

const COLUMNS: readonly CsvColumn<CsvRow>[] = [
  { group: "breakdown", header: "Breakdown", cell: (entry) => entry.breakdown },
  { group: "group", header: "Group", cell: (entry) => entry.row.key },
  { group: "label", header: "Label", cell: (entry) => entry.row.label },
  { group: "property", header: "Property", cell: (entry) => entry.property },
  { group: "from", header: "From (list day)", cell: (entry) => entry.from },
  { group: "to", header: "To (list day)", cell: (entry) => entry.to },
  { group: "decided", header: "Settled matches", cell: (entry) => entry.row.decided },
  { group: "confirmed", header: "Same person, confirmed", cell: (entry) => entry.row.confirmed },
  { group: "falseMatches", header: "Not the same person", cell: (entry) => entry.row.falseMatches },
  { group: "outdated", header: "Record outdated", cell: (entry) => entry.row.outdated },
  { group: "unverified", header: "Could not verify", cell: (entry) => entry.row.unverified },
  { group: "noOutcome", header: "No outcome recorded", cell: (entry) => entry.row.noOutcome },
  { group: "police", header: "Police contacted", cell: (entry) => entry.row.policeContacted },
  {
    group: "rate",
    header: "False-match rate (%)",
    cell: (entry) => (entry.row.rate === null ? "" : Math.round(entry.row.rate * 1000) / 10),
  },
  { group: "tooFew", header: "Too few to judge", cell: (entry) => yesNo(entry.row.tooFew) },
];

/** `property`: the property the screen's figures were cut to; null for every one of the person's. */
export function outcomesCsvTable(tables: OutcomeTables, property: string | null): CsvTable {
  const shown = property ?? ALL_PROPERTIES;
  const window = { from: tables.from, to: tables.to };
  const of = (breakdown: Breakdown, rows: readonly OutcomeRow[]): CsvRow[] =>
    rows.map((row) => ({ breakdown, property: shown, row, ...window }));
  return tabulate(COLUMNS, [
    ...of("total", [tables.total]),
    ...of("match", tables.byMatch),
    ...of("source", tables.bySource),
    ...tables.byMonth.map((row) => ({ breakdown: "month" as const, property: shown, row, from: row.from, to: row.to })),
    ...tables.byProperty.map((row) => ({ breakdown: "property" as const, property: row.label, row, ...window })),
  ]);
}
