import { formatInstant, propertyTime } from "@/lib/core/format";
import { arrivalPropertyLabel } from "@/lib/core/property-names";
import { acknowledgementOf } from "@/lib/features/criminal-arrivals/acknowledgement";
import { NONE_LISTED, offenseListsOf, type OffenseList } from "@/lib/features/criminal-arrivals/offense-lists";
import { visibleArrivals, type CheckInOrder } from "@/lib/features/criminal-arrivals/view";
import { fullName, genderInWords, SOURCE_WORDS } from "@/lib/features/guests/fields";
import type { CriminalArrival } from "@/lib/features/reports/types";

import { yesNo } from "./cells";
import { chooseColumns, tabulate, type CsvColumn, type CsvTable } from "./csv";

export interface CriminalArrivalsExportOptions {
  onlyNotAcknowledged: boolean;
  order: CheckInOrder;
  /** Column groups to include; every one when absent. */
  columns?: readonly string[];
  /** Names several properties share: the property cell says which, as on the screen. */
  sharedNames?: readonly string[];
}

/** Each list on its own, joined with "; ": the two are never lined up with each other. */
/** `localZone`: the property's zone where Daybook knows it (lib/core/property-names.ts withLocalZones). */
type ExportedArrival = CriminalArrival & { propertyTimeZone?: string; localZone?: string };

/** Blank where Daybook knows no zone for the property: the UTC column beside it is then the only time. */
function localCheckIn(item: ExportedArrival): string {
  const time = propertyTime(item.checkInAtUtc, item.localZone);
  return time.zoned ? time.text : "";
}

function listCell(
  item: CriminalArrival,
  pick: (lists: { crimeTypes: OffenseList; offenseDescriptions: OffenseList }) => OffenseList,
): string {
  const view = offenseListsOf(item);
  if (view.kind === "withheld") return view.message;
  const list = pick(view);
  return list.items.length === 0 ? NONE_LISTED : list.items.join("; ");
}

function acknowledgedTimes(item: ExportedArrival): { local: string; utc: string } {
  const view = acknowledgementOf(item, item.localZone);
  return view.kind === "acknowledged" ? { local: view.localText, utc: view.utcText } : { local: "", utc: "" };
}

function columnsFor(sharedNames: readonly string[]): CsvColumn<ExportedArrival>[] {
  return [
    { group: "name", header: "Guest", cell: (item) => fullName(item) },
    { group: "property", header: "Property", cell: (item) => arrivalPropertyLabel(item, sharedNames) },
    // This report gives no zone: the property's is the one Daybook learned from its guest arrivals.
    { group: "checkIn", header: "Checked in (property time)", cell: localCheckIn },
    { group: "checkIn", header: "Property time zone", cell: (item) => item.localZone ?? "Not known" },
    { group: "checkIn", header: "Checked in (UTC)", cell: (item) => formatInstant(item.checkInAtUtc, "UTC") },
    { group: "checkInDate", header: "Check-in date (local)", cell: (item) => item.checkInDateLocal },
    { group: "gender", header: "Gender", cell: (item) => genderInWords(item.gender) },
    { group: "criminalRecord", header: "Criminal record match", cell: (item) => yesNo(item.hasCriminalRecord) },
    { group: "sexOffender", header: "Sex-offender match", cell: (item) => yesNo(item.isSexualOffender) },
    { group: "crimeTypes", header: "Crime types", cell: (item) => listCell(item, (lists) => lists.crimeTypes) },
    {
      group: "offenseDescriptions",
      header: "Offense descriptions",
      cell: (item) => listCell(item, (lists) => lists.offenseDescriptions),
    },
    {
      group: "offenseNote",
      header: "Offense note",
      cell: (item) => {
        const view = offenseListsOf(item);
        return view.kind === "lists" ? (view.note ?? "") : "";
      },
    },
    { group: "acknowledgement", header: "Desk acknowledgement", cell: (item) => acknowledgementOf(item).label },
    { group: "acknowledgement", header: "Acknowledged (property time)", cell: (item) => acknowledgedTimes(item).local },
    { group: "acknowledgement", header: "Acknowledged (UTC)", cell: (item) => acknowledgedTimes(item).utc },
    { group: "source", header: "Source", cell: (item) => SOURCE_WORDS[item.source] },
  ];
}

export const CRIMINAL_ARRIVAL_GROUPS: readonly string[] = [...new Set(columnsFor([]).map((column) => column.group))];

/** The list as the screen shows it: the same "only not acknowledged" filter and check-in order. */
export function criminalArrivalsCsvTable(
  items: readonly ExportedArrival[],
  options: CriminalArrivalsExportOptions,
): CsvTable {
  const shown = visibleArrivals(items, { onlyNotAcknowledged: options.onlyNotAcknowledged, order: options.order });
  const groups = new Set(options.columns ?? CRIMINAL_ARRIVAL_GROUPS);
  return tabulate(chooseColumns(columnsFor(options.sharedNames ?? []), groups), shown);
}
