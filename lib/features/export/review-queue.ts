import { listProperty } from "@/lib/features/review/list";
import type { QueueRow } from "@/lib/features/review/types";

import { yesNo } from "./cells";
import { tabulate, type CsvColumn, type CsvTable } from "./csv";

/** The Review page's queue, oldest first as on screen; the stored time in UTC, the wait in hours. */
const QUEUE_COLUMNS: readonly CsvColumn<QueueRow>[] = [
  { group: "property", header: "Property", cell: (row) => listProperty(row) },
  { group: "day", header: "Local day", cell: (row) => row.day },
  { group: "guests", header: "Guests on the list", cell: (row) => row.items },
  { group: "reviewed", header: "Reviewed in Daybook", cell: (row) => row.reviewed },
  { group: "notAcknowledged", header: "Not acknowledged at the desk", cell: (row) => row.notAcknowledged },
  { group: "storedAt", header: "Stored by Daybook (UTC)", cell: (row) => row.storedAt },
  { group: "hoursWaiting", header: "Hours waiting", cell: (row) => row.hoursWaiting },
  { group: "overdue", header: "Overdue", cell: (row) => yesNo(row.overdue) },
];

export function reviewQueueCsvTable(rows: readonly QueueRow[]): CsvTable {
  return tabulate(QUEUE_COLUMNS, rows);
}
