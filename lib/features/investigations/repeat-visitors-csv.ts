/**
 * Repeat visitors as a CSV file: one line per entry of the screen's filters, in its order, with
 * every visit in its property's own time, named. Only entries the person sees whole are in it, as
 * on screen. Pure.
 */
import { formatInstant } from "@/lib/core/format";
import { tabulate, type CsvColumn, type CsvTable } from "@/lib/features/export/csv";

import { REPEAT_KIND_LABELS } from "./repeat-visitors";
import type { NamedRepeatVisitRow, VisitRow } from "./repeat-visitors-view";

const visitWords = (visit: VisitRow) => `${visit.label}, ${formatInstant(visit.checkInAtUtc, visit.propertyTimeZone)}`;
const found = (visit: VisitRow) => (visit.signals.length > 0 ? visit.signals.join("; ") : "Nothing found");

const COLUMNS: readonly CsvColumn<NamedRepeatVisitRow>[] = [
  { group: "kind", header: "Rule", cell: (row) => REPEAT_KIND_LABELS[row.kind] },
  { group: "guest", header: "Guest", cell: (row) => row.name },
  { group: "guest", header: "Also recorded as", cell: (row) => row.otherNames.join("; ") },
  { group: "properties", header: "Properties", cell: (row) => row.labels.join("; ") },
  { group: "days", header: "Days apart", cell: (row) => row.days },
  { group: "first", header: "First visit", cell: (row) => visitWords(row.visits[0]!) },
  { group: "first", header: "Found at the first visit", cell: (row) => found(row.visits[0]!) },
  { group: "latest", header: "Latest visit", cell: (row) => visitWords(row.visits.at(-1)!) },
  { group: "latest", header: "Latest visit (UTC)", cell: (row) => row.visits.at(-1)!.checkInAtUtc },
  {
    group: "visits",
    header: "Every visit",
    cell: (row) => row.visits.map((visit) => `${visitWords(visit)} (stored day ${visit.day})`).join(" | "),
  },
];

export function repeatVisitorsCsvTable(rows: readonly NamedRepeatVisitRow[]): CsvTable {
  return tabulate(COLUMNS, rows);
}
