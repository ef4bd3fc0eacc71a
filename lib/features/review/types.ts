/** Daybook's own review of criminal arrivals, as screens and routes see it (JSON-safe, no names of guests). */

import type { MatchOutcome } from "@/lib/core/match-outcomes";

export interface ReviewRecord {
  itemKey: string;
  propertyName: string;
  /** The zone that tells apart properties sharing the name; null for a name nobody shares. */
  zone: string | null;
  listDate: string;
  reviewerName: string;
  reviewedAt: string;
  note: string | null;
  /** What the check found; null on a review made before outcomes were asked (recordable later). */
  outcome: MatchOutcome | null;
  policeContacted: boolean;
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
  /** The outcomes of the list's reviews; absent only where a row is made without its reviews read. */
  outcomes?: ListOutcomes;
  notAcknowledged: number;
  /** When the list was stored (pulled): a list waits from then. */
  storedAt: string;
  /** The property's zone where Daybook knows it: the queue's times are named by it. */
  localZone?: string | null;
  hoursWaiting: number;
  overdue: boolean;
}

/** The outcomes of a list's standing reviews: how many of each, those without one, and police contacted. */
export interface ListOutcomes {
  counts: Record<MatchOutcome, number>;
  /** Reviews made before outcomes were asked: the list cannot be signed off until each has one. */
  missing: number;
  policeContacted: number;
}

/** How the queue is ordered: by day (the default, oldest first), newest first, or by property. */
export type QueueSort = "oldest" | "newest" | "property";

/** One property of the queue, as its filter offers it, with its lists waiting and overdue. */
export interface QueueProperty {
  /** `listPropertyKey`: a shared name's properties apart. */
  key: string;
  propertyName: string;
  /** The zone that tells apart properties sharing the name; null for a name nobody shares. */
  zone: string | null;
  /** As the queue names it in English (`listProperty`): what `?property=` carries, whatever the language. */
  label: string;
  waiting: number;
  overdue: number;
}

/** A property asked for in the address that the queue cannot narrow to, and why. */
export interface QueuePropertyProblem {
  asked: string;
  /** "shared": several of the person's properties carry that name; each is offered with its zone. */
  kind: "unknown" | "shared";
  /** For "shared": the labels of the properties of that name (in English, as addresses carry them). */
  labels: string[];
  /** For "shared": the same properties, for a screen to name them in the person's language. */
  properties: { propertyName: string; zone: string | null }[];
}

/** The Review page: one page of the queue as filtered and sorted, and the whole queue's totals. */
export interface ReviewQueueView {
  rows: QueueRow[];
  /** The person's whole queue: lists waiting and overdue, whatever the filter. */
  total: number;
  overdue: number;
  /** The properties with lists waiting, by label; and the one asked for, even with none. */
  properties: QueueProperty[];
  /** False for a person with one property: a filter could only repeat it. */
  chooseProperty: boolean;
  property: QueueProperty | null;
  propertyProblem: QueuePropertyProblem | null;
  overdueOnly: boolean;
  sort: QueueSort;
  /** Lists the filter keeps, before paging. */
  matching: number;
  page: number;
  pages: number;
  /** The place of the page's first list among those kept, from 1 (0 when there is none). */
  first: number;
  /** Properties whose policy keeps no criminal details: they have no lists, and the page says so. */
  notKept: { propertyName: string; policy: string }[];
}

/** A supervisor's waiting lists on the Overview: the oldest few, the queue's totals and the overdue limit. */
export interface WaitingGlance {
  rows: QueueRow[];
  total: number;
  overdue: number;
  overdueHours: number;
}
