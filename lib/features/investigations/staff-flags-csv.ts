/**
 * Staff flags as CSV files, one per table of the screen: the properties (most flags per 100
 * arrivals first, with how each is judged against the group) and the weekdays. Rates to one decimal;
 * no arrivals means no rate, in words.
 */
import { oneDecimalOr } from "@/lib/features/export/cells";
import { tabulate, type CsvColumn, type CsvTable } from "@/lib/features/export/csv";

import type { FlagRates, StaffFlagProperty, StaffFlags, WeekdayFlags } from "./staff-flags";
import { judgementWords } from "./staff-flags-figures";

export const STAFF_FLAG_PARTS = ["properties", "weekdays"] as const;
export type StaffFlagPart = (typeof STAFF_FLAG_PARTS)[number];

export function parseStaffFlagPart(value: string | null | undefined): StaffFlagPart {
  return (STAFF_FLAG_PARTS as readonly string[]).includes(value ?? "") ? (value as StaffFlagPart) : "properties";
}

function rateColumns<Row extends FlagRates>(): CsvColumn<Row>[] {
  return [
    { group: "arrivals", header: "Stored arrivals", cell: (row) => row.arrivals },
    { group: "flagged", header: "Flagged by staff", cell: (row) => row.flagged },
    { group: "per100", header: "Flags per 100 arrivals", cell: (row) => oneDecimalOr(row.per100, "No arrivals") },
    { group: "unmatched", header: "Flagged with no screening match", cell: (row) => row.flaggedUnmatched },
    {
      group: "unmatchedShare",
      header: "Share of flagged with no screening match, %",
      cell: (row) => oneDecimalOr(row.unmatchedShare, "None flagged"),
    },
  ];
}

const PROPERTY_COLUMNS: CsvColumn<StaffFlagProperty>[] = [
  { group: "property", header: "Property", cell: (row) => row.label },
  { group: "storedDays", header: "Stored days", cell: (row) => row.storedDays },
  ...rateColumns<StaffFlagProperty>(),
  { group: "judgement", header: "Against the group", cell: (row) => judgementWords(row.judgement) },
];

const WEEKDAY_COLUMNS: CsvColumn<WeekdayFlags>[] = [
  { group: "weekday", header: "Weekday of the stored day", cell: (row) => row.label },
  { group: "propertyDays", header: "Stored property days", cell: (row) => row.propertyDays },
  ...rateColumns<WeekdayFlags>(),
];

export function staffFlagsCsvTable(view: StaffFlags, part: StaffFlagPart): CsvTable {
  return part === "weekdays"
    ? tabulate(WEEKDAY_COLUMNS, view.weekdays)
    : tabulate(PROPERTY_COLUMNS, view.properties.rows);
}
