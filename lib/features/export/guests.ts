import { formatInstant, maskIdentification } from "@/lib/core/format";
import { notKeptFor, type PolicyField } from "@/lib/core/privacy";
import { arrivalPropertyLabel } from "@/lib/core/property-names";
import { GUEST_COLUMNS, type OptionalColumnId } from "@/lib/features/guests/columns";
import { genderInWords, SOURCE_WORDS } from "@/lib/features/guests/fields";
import { buildRows, filterRows, type GuestRow } from "@/lib/features/guests/rows";
import { banAtCheckIn, STAFF_FLAG_LABEL } from "@/lib/features/guests/screening";
import { sortRows, type GuestSort } from "@/lib/features/guests/sort";
import type { GuestArrival } from "@/lib/features/reports/types";

import { calendarDate, capturedText, yesNo } from "./cells";
import { chooseColumns, tabulate, type CsvColumn, type CsvTable } from "./csv";

export type IdentificationInExport = "masked" | "full";

export interface GuestsExportOptions {
  search: string;
  sort: GuestSort;
  /** The optional screen columns shown; name, screening and staff flag always come. */
  columns: readonly OptionalColumnId[];
  /** "full" only when the person asked for it and may reveal numbers; the items then carry full numbers. */
  identification: IdentificationInExport;
  /** When isCurrentlyBanned was read from the API (ISO instant). */
  liveAsOf: string;
  /** Names several properties share: the property cell carries the zone, as on the screen. */
  sharedNames?: readonly string[];
}

/** A row as the table sorts and searches it (masked number), with the number the file carries. */
interface ExportRow {
  row: GuestRow;
  identificationNumber: string | undefined;
}

function columnsFor(options: GuestsExportOptions): CsvColumn<ExportRow>[] {
  const item = (entry: ExportRow) => entry.row.item;
  /** A field the property's policy did not keep is written as such: never a value, never a blank. */
  const kept =
    (
      field: PolicyField,
      cell: (value: string, entry: ExportRow) => string,
      pick: (entry: ExportRow) => string | undefined,
    ) =>
    (entry: ExportRow) => {
      const value = pick(entry);
      return notKeptFor(item(entry), field) ?? (value === undefined ? capturedText(value) : cell(value, entry));
    };
  return [
    { group: "name", header: "Guest", cell: (entry) => entry.row.name },
    { group: "screening", header: "Criminal record match", cell: (entry) => yesNo(item(entry).hasCriminalRecord) },
    { group: "screening", header: "Sex-offender match", cell: (entry) => yesNo(item(entry).isSexualOffender) },
    {
      group: "screening",
      header: "Ban at check-in",
      cell: (entry) => banAtCheckIn(item(entry).matchedBanAtCheckIn).label,
    },
    {
      group: "screening",
      header: `Currently banned (live, as of ${formatInstant(options.liveAsOf)})`,
      cell: (entry) => yesNo(item(entry).isCurrentlyBanned),
    },
    {
      group: "staff",
      header: "Staff flag",
      cell: (entry) => (item(entry).isFlagged ? STAFF_FLAG_LABEL : "Not flagged"),
    },
    {
      group: "property",
      header: "Property",
      cell: (entry) => arrivalPropertyLabel(item(entry), options.sharedNames ?? []),
    },
    { group: "room", header: "Room", cell: (entry) => capturedText(item(entry).roomNumber) },
    {
      group: "checkIn",
      header: "Checked in (property time)",
      cell: (entry) => formatInstant(item(entry).checkInAtUtc, item(entry).propertyTimeZone),
    },
    { group: "checkIn", header: "Property time zone", cell: (entry) => item(entry).propertyTimeZone },
    { group: "checkIn", header: "Checked in (UTC)", cell: (entry) => item(entry).checkInAtUtc },
    { group: "checkInDate", header: "Check-in date (local)", cell: (entry) => item(entry).checkInDateLocal },
    {
      group: "dateOfBirth",
      header: "Date of birth",
      cell: kept("dateOfBirth", calendarDate, (entry) => item(entry).dateOfBirth),
    },
    { group: "gender", header: "Gender", cell: (entry) => genderInWords(item(entry).gender) },
    {
      group: "identification",
      header: options.identification === "full" ? "ID number (full)" : "ID number (masked)",
      cell: kept("document", capturedText, (entry) => entry.identificationNumber),
    },
    {
      group: "documentExpiry",
      header: "Document expires",
      cell: kept("document", calendarDate, (entry) => item(entry).documentExpirationDate),
    },
    {
      group: "documentExpiry",
      header: "Document expired at check-in",
      cell: kept(
        "document",
        (expires, entry) => yesNo(calendarDate(expires) < item(entry).checkInDateLocal),
        (entry) => item(entry).documentExpirationDate,
      ),
    },
    { group: "address", header: "Address", cell: kept("address", capturedText, (entry) => item(entry).address) },
    { group: "address", header: "City", cell: kept("address", capturedText, (entry) => item(entry).city) },
    { group: "address", header: "State", cell: kept("address", capturedText, (entry) => item(entry).state) },
    { group: "address", header: "ZIP code", cell: kept("address", capturedText, (entry) => item(entry).zipCode) },
    { group: "email", header: "E-mail", cell: kept("email", capturedText, (entry) => item(entry).email) },
    { group: "phone", header: "Phone", cell: kept("phone", capturedText, (entry) => item(entry).phone) },
    { group: "source", header: "Source", cell: (entry) => SOURCE_WORDS[item(entry).source] },
  ];
}

/**
 * The guests table as the person sees it: the same search, sort and column choice as the screen.
 * Search and sort always work on masked numbers (search looks at the last 4 only, as on the
 * screen), so asking for full numbers never changes which rows come out, or their order.
 */
export function guestsCsvTable(items: readonly GuestArrival[], options: GuestsExportOptions): CsvTable {
  const masked: GuestArrival[] = items.map((item) => ({
    ...item,
    identificationNumber:
      item.identificationNumber === undefined ? undefined : maskIdentification(item.identificationNumber),
  }));
  const numbers = new Map(masked.map((item, index) => [item, items[index]!.identificationNumber]));
  const rows = filterRows(sortRows(buildRows(masked), options.sort), options.search);
  const entries = rows.map((row) => ({
    row,
    identificationNumber: options.identification === "full" ? numbers.get(row.item) : row.item.identificationNumber,
  }));
  const groups = new Set<string>([
    ...GUEST_COLUMNS.filter((column) => !column.optional).map((column) => column.id),
    ...options.columns,
  ]);
  return tabulate(chooseColumns(columnsFor(options), groups), entries);
}
