/** Daybook's own review of criminal arrivals, as screens and routes see it (JSON-safe, no names of guests). */

export interface ReviewRecord {
  itemKey: string;
  propertyName: string;
  /** The zone that tells apart properties sharing the name; null for a name nobody shares. */
  zone: string | null;
  listDate: string;
  reviewerName: string;
  reviewedAt: string;
  note: string | null;
}

/** The last undo of an item's review, kept for the record when no review stands now. */
export interface UndoneReview {
  itemKey: string;
  undoneByName: string | null;
  undoneAt: string;
  reason: string;
}

export interface SignOffRecord {
  propertyName: string;
  zone: string | null;
  listDate: string;
  signerName: string;
  signedOffAt: string;
  note: string | null;
  itemCount: number;
}

export interface UndoneSignOff {
  propertyName: string;
  zone: string | null;
  listDate: string;
  undoneByName: string | null;
  undoneAt: string;
  reason: string;
}

/** The reviews and sign-offs of one day's lists that a person may see: GET /api/reviews?day=. */
export interface DayReviews {
  day: string;
  reviews: ReviewRecord[];
  undoneReviews: UndoneReview[];
  signOffs: SignOffRecord[];
  undoneSignOffs: UndoneSignOff[];
  /** What the person asking may do: supervisors review and sign off; admins undo. */
  you: { canReview: boolean; canUndo: boolean };
}

/** One list waiting for a sign-off, as the Review page lists it. */
export interface QueueRow {
  propertyName: string;
  zone: string | null;
  day: string;
  items: number;
  reviewed: number;
  notAcknowledged: number;
  /** When the list was stored (pulled): a list waits from then. */
  storedAt: string;
  /** The property's zone where Daybook knows it: the queue's times are named by it. */
  localZone?: string | null;
  hoursWaiting: number;
  overdue: boolean;
}
