/**
 * Alert response as CSV files, one per table of the screen: the properties (ranked where the screen
 * ranks them), the hours and the weekdays on each property's clock, and the alerts not acknowledged.
 * Waits in minutes to one decimal; a property's state in words where it has no figures.
 */
import { tabulate, type CsvCell, type CsvColumn, type CsvTable } from "@/lib/features/export/csv";

import type { AlertResponse, SlotResponse, UnacknowledgedAlert } from "./response";
import { describeState, minutesOf, type PropertyResponse, type ResponseFigures } from "./response-figures";
import type { ResponsePart } from "./response-view";

const NONE_ACKNOWLEDGED = "None acknowledged";

const minutesOr = (ms: number | null, none: string): CsvCell => (ms === null ? none : minutesOf(ms));

function figureColumns<Row>(of: (row: Row) => ResponseFigures | string): CsvColumn<Row>[] {
  const cell = (row: Row, read: (figures: ResponseFigures) => CsvCell) => {
    const figures = of(row);
    return typeof figures === "string" ? figures : read(figures);
  };
  return [
    { group: "alerts", header: "Alerts", cell: (row) => cell(row, (f) => f.alerts) },
    { group: "acknowledged", header: "Acknowledged", cell: (row) => cell(row, (f) => f.acknowledged) },
    { group: "notAcknowledged", header: "Not acknowledged", cell: (row) => cell(row, (f) => f.notAcknowledged) },
    {
      group: "p50",
      header: "50th percentile, minutes",
      cell: (row) => cell(row, (f) => (f.alerts === 0 ? "No alerts" : minutesOr(f.p50Ms, NONE_ACKNOWLEDGED))),
    },
    {
      group: "p90",
      header: "90th percentile, minutes",
      cell: (row) => cell(row, (f) => (f.alerts === 0 ? "No alerts" : minutesOr(f.p90Ms, NONE_ACKNOWLEDGED))),
    },
  ];
}

const PROPERTY_COLUMNS: CsvColumn<PropertyResponse>[] = [
  {
    group: "rank",
    header: "Rank",
    cell: (row) => (row.state.kind === "alerts" && row.state.rank !== null ? row.state.rank : ""),
  },
  { group: "property", header: "Property", cell: (row) => row.label },
  ...figureColumns<PropertyResponse>((row) =>
    row.state.kind === "alerts" ? row.state.figures : describeState(row.state),
  ),
];

const slotColumns = (header: string): CsvColumn<SlotResponse>[] => [
  { group: "slot", header, cell: (row) => row.label },
  ...figureColumns<SlotResponse>((row) => row.figures),
];

const UNACKNOWLEDGED_COLUMNS: CsvColumn<UnacknowledgedAlert>[] = [
  { group: "property", header: "Property", cell: (row) => row.label },
  { group: "day", header: "List day", cell: (row) => row.day },
  { group: "checkIn", header: "Check-in (UTC)", cell: (row) => new Date(row.checkInAtUtc).toISOString() },
  { group: "zone", header: "Property's zone", cell: (row) => row.zone ?? "Not known" },
  { group: "age", header: "Waiting, days", cell: (row) => Math.round(row.ageMs / 8_640_000) / 10 },
];

export function responseCsvTable(view: AlertResponse, part: ResponsePart): CsvTable {
  switch (part) {
    case "properties":
      return tabulate(
        view.properties.rows.some((row) => row.state.kind === "alerts" && row.state.rank !== null)
          ? PROPERTY_COLUMNS
          : PROPERTY_COLUMNS.filter((column) => column.group !== "rank"),
        view.properties.rows,
      );
    case "hours":
      return tabulate(slotColumns("Hour of check-in, property's own time"), view.hours);
    case "weekdays":
      return tabulate(slotColumns("Weekday of check-in, property's own time"), view.weekdays);
    case "unacknowledged":
      return tabulate(UNACKNOWLEDGED_COLUMNS, view.unacknowledged.rows);
  }
}
