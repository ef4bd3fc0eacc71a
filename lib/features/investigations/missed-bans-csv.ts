/**
 * The missed-ban audit as a CSV file: every entry of the screen's filter, in its order. Times of a
 * property's day are written in its zone, named, with the check-in in UTC beside them; what the
 * person may not see (the name, the other property) is withheld in words, as on screen. Pure.
 */
import { formatInstant } from "@/lib/core/format";
import { tabulate, type CsvColumn, type CsvTable } from "@/lib/features/export/csv";

import { BAN_SIGHTING_LABELS, MISSED_BAN_CATEGORY_LABELS } from "./missed-bans";
import type { NamedMissedBanRow } from "./missed-bans-view";

export const WITHHELD_NAME = "Withheld: the ban was seen at a property you do not see";
export const OTHER_PROPERTY = "Another property of the group";

const HOUR_MS = 3_600_000;

const COLUMNS: readonly CsvColumn<NamedMissedBanRow>[] = [
  { group: "guest", header: "Guest", cell: (row) => row.name ?? WITHHELD_NAME },
  { group: "property", header: "Property", cell: (row) => row.label },
  { group: "day", header: "Stored day", cell: (row) => row.day },
  {
    group: "checkIn",
    header: "Check-in (property time)",
    cell: (row) => formatInstant(row.checkInAtUtc, row.propertyTimeZone),
  },
  { group: "checkIn", header: "Check-in (UTC)", cell: (row) => row.checkInAtUtc },
  { group: "category", header: "At check-in", cell: (row) => MISSED_BAN_CATEGORY_LABELS[row.category] },
  {
    group: "seen",
    header: "Ban first seen at",
    cell: (row) =>
      row.seen.shown ? (row.seen.here ? `${row.seen.label} (this property)` : row.seen.label) : OTHER_PROPERTY,
  },
  {
    group: "seen",
    header: "Ban first seen (that property's time)",
    cell: (row) => (row.seen.shown ? formatInstant(row.seen.at, row.seen.propertyTimeZone) : "Withheld"),
  },
  {
    group: "seen",
    header: "How it was seen",
    cell: (row) => (row.seen.shown ? BAN_SIGHTING_LABELS[row.seen.kind] : "Withheld"),
  },
  {
    group: "known",
    header: "Hours the ban was known before the check-in",
    cell: (row) => Math.floor(row.knownMs / HOUR_MS),
  },
];

export function missedBansCsvTable(rows: readonly NamedMissedBanRow[]): CsvTable {
  return tabulate(COLUMNS, rows);
}
