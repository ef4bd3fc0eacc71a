/** What a screen says of a stored copy: "stored copy of <date>, pulled at <time>". */
export interface StoredCopy {
  reportedDate: string;
  pulledAt: string;
  /** When isCurrentlyBanned was last read from the API for this day (guests only). */
  liveObservedAt: string | null;
  /** Set when the retention period removed the day's guest personal data. */
  itemsPurgedAt: string | null;
  /** Which properties the day covers (read with one day, not with the list of days). */
  coverage?: StoredCoverage;
}

/**
 * Each property's day is stored from the pull that reported it: a day can cover some properties
 * and not others, whose day had not closed when it was pulled (still to come) or was missed.
 */
export interface StoredCoverage {
  /** The key's properties the day covers, by name. */
  covered: string[];
  /** The key's properties the day does not cover, by name. */
  missing: string[];
  /** Of `missing`, as a person is told: when each one's day closes (set on a screen's copy). */
  pending?: PendingProperty[];
}

/** A property whose part of a day is not stored. */
export interface PendingProperty {
  name: string;
  /** When the property's day of that date ends (its local midnight); null when Daybook knows no zone for it. */
  closesAt: string | null;
  /** The zone `closesAt` is told in (for a shared name, the one whose day closes last). */
  zone: string | null;
  /** Whether the day has closed there (with the API's grace) and could have been stored. */
  closed: boolean;
}

/** A property whose part of a stored guests or criminal-arrivals day its policy's retention removed. */
export interface PurgedProperty {
  propertyName: string;
  /** The policy it follows now, by name, and its retention: what the notice says. */
  policy: string;
  retentionDays: number;
}

/** What a guest screen says of arrivals a day no longer holds (only of the person's own properties). */
export interface PurgeNotes {
  purgedProperties: PurgedProperty[];
  /** Arrivals of the day erased at a guest's request. */
  erasedArrivals: number;
}

/**
 * Yesterday as Daybook holds it: each property's own local day `reportedDate`, stored from the
 * pull that reported it and served to everyone from there.
 */
export interface HeldCopy extends StoredCopy {
  /** Set when the Partner API did not answer a call this report needed: the copy shown is as held. */
  stale: StaleNotice | null;
}

export interface StaleNotice {
  /** When the call failed. */
  failedAt: string;
  code: string;
  correlationId: string | null;
  detail: string;
}

/**
 * A report as a screen gets it: yesterday (storedCopy null; `held` says what Daybook holds of it
 * when it was served from the store) or a day picked from Daybook's history (storedCopy).
 */
export type WithCopy<T> = T & { storedCopy: StoredCopy | null; held?: HeldCopy | null };

export type { StoredEndpoint } from "@/lib/server/db/schema";
