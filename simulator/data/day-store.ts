import type { RowFigure } from "../reports/types";
import { arrivalCount, bansAdded, generateGuests, type StoredGuest } from "./guests";
import { localDayBounds } from "./local-time";
import type { Property } from "./properties";

export type DayFigures = Record<Exclude<RowFigure, "localAlert">, number> & { localAlert: number | null };

export interface PropertyDay {
  readonly property: Property;
  readonly date: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Sorted by check-in instant. */
  readonly guests: readonly StoredGuest[];
  readonly figures: DayFigures;
}

/**
 * Memoises generated days. Bounded by arrivals held (about 1 kB each), because a long-running
 * large-mode simulator walked across many clock values would otherwise keep every day it made.
 */
export class DayStore {
  private readonly days = new Map<string, PropertyDay>();
  private heldGuests = 0;
  /** Every property day ever made, evicted or not: a few bytes each, for the tests' log checks. */
  private readonly made = new Map<string, { propertyId: string; date: string }>();

  constructor(
    readonly seed: number,
    private readonly maxGuests = 60_000,
  ) {}

  day(property: Property, date: string): PropertyDay {
    const cacheKey = `${property.id}|${date}`;
    const cached = this.days.get(cacheKey);
    if (cached) {
      // Re-insert to keep the Map in least-recently-used order.
      this.days.delete(cacheKey);
      this.days.set(cacheKey, cached);
      return cached;
    }
    const built = this.build(property, date);
    this.made.set(cacheKey, { propertyId: property.id, date });
    this.days.set(cacheKey, built);
    this.heldGuests += built.guests.length;
    for (const [oldestKey, oldest] of this.days) {
      if (this.heldGuests <= this.maxGuests || oldest === built) break;
      this.days.delete(oldestKey);
      this.heldGuests -= oldest.guests.length;
    }
    return built;
  }

  /** The property days whose arrivals this store has made (so may have served), oldest first. */
  madeDays(): { propertyId: string; date: string }[] {
    return [...this.made.values()];
  }

  /** Arrival count without generating the arrivals (the activity chart needs seven days of it). */
  scans(property: Property, date: string): number {
    return arrivalCount(this.seed, property, date);
  }

  private build(property: Property, date: string): PropertyDay {
    const { startMs, endMs } = localDayBounds(date, property.timeZone);
    const guests = generateGuests({ seed: this.seed, property, date, startMs, endMs });
    return { property, date, startMs, endMs, guests, figures: figuresOf(property, date, guests, this.seed) };
  }
}

function figuresOf(property: Property, date: string, guests: readonly StoredGuest[], seed: number): DayFigures {
  let manualEntry = 0;
  let banMatches = 0;
  let criminal = 0;
  let sexOffender = 0;
  let ageAlert = 0;
  let localAlert = 0;
  for (const guest of guests) {
    if (guest.source !== "scan") manualEntry++;
    if (guest.matchedBanAtCheckIn === true) banMatches++;
    if (guest.hasCriminalRecord) criminal++;
    if (guest.isSexualOffender) sexOffender++;
    // Warnings are for guests about whom nothing was found; any alert pre-empts them.
    const alerted = guest.matchedBanAtCheckIn === true || guest.hasCriminalRecord || guest.isSexualOffender;
    if (alerted) continue;
    if (guest.underAgeLimit) ageAlert++;
    if (guest.city === property.place.city) localAlert++;
  }
  return {
    scans: guests.length,
    manualEntry,
    bansAdded: bansAdded(seed, property, date),
    criminalMatches: criminal,
    sexOffenderMatches: sexOffender,
    banMatches,
    criminal,
    sexOffender,
    ageAlert,
    localAlert: property.recordsLocalAlert ? localAlert : null,
  };
}
