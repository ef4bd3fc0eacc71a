import type { NamedStay } from "@/lib/features/insights/server";

import { yesNo } from "./cells";
import { tabulate, type CsvColumn, type CsvTable } from "./csv";

/** Banned after the stay, newest ban first as on screen; the time Daybook first saw the ban in UTC. */
const BANNED_COLUMNS: readonly CsvColumn<NamedStay>[] = [
  { group: "guest", header: "Guest", cell: (row) => row.name },
  { group: "property", header: "Property", cell: (row) => row.label },
  { group: "day", header: "Stored day of the stay", cell: (row) => row.day },
  {
    group: "atCheckIn",
    header: "At check-in",
    cell: (row) => (row.atCheckIn === "clear" ? "Screened, no ban" : "No screening record"),
  },
  { group: "seen", header: "Ban first seen by Daybook (UTC)", cell: (row) => new Date(row.bannedSeenAt).toISOString() },
  { group: "seenAtPull", header: "Already banned when the day was pulled", cell: (row) => yesNo(row.seenAtPull) },
];

export function bannedAfterStayCsvTable(rows: readonly NamedStay[]): CsvTable {
  return tabulate(BANNED_COLUMNS, rows);
}
