import type { DayFigures, DayStore } from "../data/day-store";
import { addDays, formatUtc } from "../data/local-time";
import type { Property } from "../data/properties";
import { cover, dominantReportedDate } from "./coverage";
import type { Metric, PropertyRow, RowFigure, UsageReport } from "./types";

const GENERATION_DELAY_MS = 20 * 60_000;
const ACTIVITY_DAYS = 7;

export interface UsageRequest {
  readonly store: DayStore;
  readonly properties: readonly Property[];
  readonly nowMs: number;
  readonly message: string | null;
}

/** null ("not recorded") as soon as one property does not record the figure: a partial sum would mislead. */
function headline(figures: readonly DayFigures[], name: RowFigure): number | null {
  let sum = 0;
  for (const day of figures) {
    const value = day[name];
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

function changePercent(today: number | null, before: number | null): number | null {
  if (today === null || before === null || before === 0) return null;
  return Math.round(((today - before) / before) * 1000) / 10;
}

export function buildUsageReport(request: UsageRequest): UsageReport {
  const { store, properties, nowMs } = request;
  const covered = cover(properties, nowMs);
  const reportedDateLocal = dominantReportedDate(covered);
  const days = covered.map(({ property, reportedDate }) => store.day(property, reportedDate));
  const today = days.map((day) => day.figures);
  // Different zones close their days at different instants: no single baseline exists.
  const singleZone = new Set(properties.map((property) => property.timeZone)).size === 1;
  const before = singleZone
    ? covered.map(({ property, reportedDate }) => store.day(property, addDays(reportedDate, -1)).figures)
    : null;

  const metric = (name: RowFigure): Metric => {
    const value = headline(today, name);
    return { value, changePercent: before ? changePercent(value, headline(before, name)) : null };
  };

  const fromMs = Math.min(...days.map((day) => day.startMs));
  const toMs = Math.max(...days.map((day) => day.endMs));

  const byProperty: PropertyRow[] = days.map(({ property, figures }) => ({
    propertyName: property.name,
    scans: figures.scans,
    manualEntry: figures.manualEntry,
    bansAdded: figures.bansAdded,
    criminalMatches: figures.criminalMatches,
    sexOffenderMatches: figures.sexOffenderMatches,
    banMatches: figures.banMatches,
    criminal: figures.criminal,
    sexOffender: figures.sexOffender,
    ageAlert: figures.ageAlert,
    // Rows are bare integers, so a figure the property does not record shows as 0 here.
    localAlert: figures.localAlert ?? 0,
  }));

  const points = [];
  for (let k = ACTIVITY_DAYS - 1; k >= 0; k--) {
    let scans = 0;
    for (const { property, reportedDate } of covered) scans += store.scans(property, addDays(reportedDate, -k));
    points.push({ date: `${addDays(reportedDateLocal, -k)}T00:00:00Z`, scans });
  }

  return {
    reportedDateLocal,
    fromUtc: formatUtc(fromMs),
    toUtc: formatUtc(toMs),
    // Stored once shortly after the last covered day closed; identical on every pull.
    reportGeneratedAt: formatUtc(toMs + GENERATION_DELAY_MS),
    apiRequestedAt: formatUtc(nowMs),
    totals: {
      scans: metric("scans"),
      manualEntry: metric("manualEntry"),
      bansAdded: metric("bansAdded"),
      criminalMatches: metric("criminalMatches"),
      sexOffenderMatches: metric("sexOffenderMatches"),
    },
    alerts: {
      banMatches: metric("banMatches"),
      criminal: metric("criminal"),
      sexOffender: metric("sexOffender"),
    },
    warnings: {
      ageAlert: metric("ageAlert"),
      localAlert: metric("localAlert"),
    },
    byProperty,
    activity: { granularity: "DAILY", points },
    message: request.message,
  };
}
