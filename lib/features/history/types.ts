/** What a screen says of a stored copy: "stored copy of <date>, pulled at <time>". */
export interface StoredCopy {
  reportedDate: string;
  pulledAt: string;
  /** When isCurrentlyBanned was last read from the API for this day (guests only). */
  liveObservedAt: string | null;
  /** Set when the retention period removed the day's guest personal data. */
  itemsPurgedAt: string | null;
}

/** A report as a screen gets it: yesterday live (storedCopy null) or a day from Daybook's history. */
export type WithCopy<T> = T & { storedCopy: StoredCopy | null };

export type { StoredEndpoint } from "@/lib/server/db/schema";
