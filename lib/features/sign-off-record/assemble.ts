import {
  formatCalendarDay,
  formatDayWithYear,
  formatInstant,
  formatPropertyTimeWithUtc,
  zoneName,
} from "@/lib/core/format";
import { matchOutcomeLabel } from "@/lib/core/match-outcomes";
import { crossReportKey } from "@/lib/core/property-names";
import { acknowledgementOf, type AcknowledgementView } from "@/lib/features/criminal-arrivals/acknowledgement";
import { flagsOf, offenseListsOf, type OffenseListsView } from "@/lib/features/criminal-arrivals/offense-lists";
import { fullName, genderInWords, SOURCE_WORDS } from "@/lib/features/guests/fields";
import type { FalseMatchCell } from "@/lib/features/investigations/outcome-rates";
import type { CriminalArrival } from "@/lib/features/reports/types";
import { listProperty, type ListRef } from "@/lib/features/review/list";
import { countOutcomes, outcomesText } from "@/lib/features/review/outcomes";
import type { ReviewRecord, SignOffRecord, UndoneReview, UndoneSignOff } from "@/lib/features/review/types";

import { FALSE_MATCH_DAYS, FALSE_MATCH_UNREAD, falseMatchText } from "./false-match";

/**
 * The sign-off record of one criminal-arrival list (one property, one local day) as it was reviewed:
 * every guest with their matches, the desk's acknowledgement and Daybook's review with its outcome,
 * then the sign-off, the property's false-match rate, and where the stored copy came from. Pure: the page and the PDF both print this, word for
 * word, so paper and file never disagree. The times of the property's day (check-in, the desk's
 * acknowledgement, reviews and sign-off) are in the property's zone, named, with UTC beside them, as
 * paper has no tooltip; Daybook's and the API's own times (pulls, generation, this print) are in UTC.
 */

export interface RecordGuest {
  /** The guest's name as the API gave it: this is the record, so names appear. */
  name: string;
  /** The identification number masked to its last 4 characters, from the same guest's stored arrival. */
  identification: string;
  checkedIn: string;
  localDate: string;
  gender: string;
  source: string;
  flags: string[];
  offenses: OffenseListsView;
  acknowledgement: AcknowledgementView;
  review: {
    text: string;
    by: string;
    at: string;
    note: string | null;
    /** The outcome in words ("No outcome recorded" for a review made before outcomes were asked). */
    outcome: string;
    policeContacted: boolean;
  } | null;
  /** Why no review stands: "Not reviewed in Daybook", with the last undo where there was one. */
  noReview: string | null;
}

export interface RecordSignOff {
  text: string;
  by: string;
  at: string;
  note: string | null;
  itemCount: number;
}

export interface SignOffRecordView {
  title: string;
  property: string;
  day: string;
  dayText: string;
  /** "kept": the guests are listed; "purged": retention removed them and only who and when remain. */
  guestData: "kept" | "purged";
  /** Set when guestData is "purged": what the page and the file say instead of the guests. */
  purgedText: string | null;
  guests: RecordGuest[];
  /** Counts over the list, in words. */
  summary: string;
  /** The outcomes of the list's reviews, counted, in words. */
  outcomes: string;
  /** The property's false-match rate over the days ending on the list's day, with its counts, in words. */
  falseMatch: { label: string; text: string };
  signOff: RecordSignOff | null;
  /** "Not signed off", with the last undo where there was one; null when a sign-off stands. */
  notSignedOff: string | null;
  /** Where the stored copy came from: its pull time(s) and when the API computed the day. */
  copy: { pulled: string; generated: string };
  /** Who made this print or file, and when. */
  produced: string;
  /** Which zone the times are in, once for the record. */
  timesNote: string;
}

export interface RecordInput {
  list: ListRef;
  /** The property's zone where Daybook knows it (lib/core/property-names.ts propertyZoneOf); else UTC. */
  zone?: string | null;
  /** The list's stored criminal arrivals (already narrowed to the list), in the API's order. */
  items: readonly CriminalArrival[];
  /** Masked identification numbers of the day's stored guest arrivals, by crossReportKey. */
  identifications: ReadonlyMap<string, string>;
  /** The review identity of each item (lib/features/review/item-key.ts), in the order of `items`. */
  itemKeys: readonly string[];
  reviews: readonly ReviewRecord[];
  undoneReviews: readonly UndoneReview[];
  signOff: SignOffRecord | null;
  undoneSignOff: UndoneSignOff | null;
  /**
   * The property's false matches over the FALSE_MATCH_DAYS days ending on the list's day
   * (lib/features/investigations/outcome-rates.ts); null when they could not be read.
   */
  falseMatch: FalseMatchCell | null;
  /** When each property's part of the stored day was pulled (one list: one property, normally one time). */
  pulledAt: readonly Date[];
  /** When the API computed the day (the stored usage report's reportGeneratedAt), if Daybook holds it. */
  generatedAt: string | null;
  /** Set when retention removed the day's guest data. */
  purgedAt: Date | null;
  producedBy: string;
  producedAt: Date;
  /** "print" for the page, "pdf" for the file: only the sentence about who made it differs. */
  medium: "print" | "pdf";
}

const iso = (at: string | Date) => (typeof at === "string" ? at : at.toISOString());
const utc = (at: string | Date) => formatInstant(iso(at), "UTC");
/** A time of the property's day: "Nov 24, 2026, 4:54 PM HST (Nov 25, 2026, 2:54 AM UTC)". */
const local = (input: RecordInput, at: string | Date) => formatPropertyTimeWithUtc(iso(at), input.zone);

function timesNoteOf(input: RecordInput): string {
  if (!input.zone) return "Daybook holds no time zone for this property yet: every time is in UTC.";
  const named = zoneName(`${input.list.day}T12:00:00Z`, input.zone);
  const zone = named === input.zone ? input.zone : `${input.zone}, ${named}`;
  return `Times of the property's day are in its own zone (${zone}), with UTC in brackets; the copy's and this record's times are in UTC.`;
}
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export const NOT_SIGNED_OFF = "Not signed off";
export const NOT_REVIEWED = "Not reviewed in Daybook";
export const IDENTIFICATION_NOT_STORED = "Not stored (the day's guest arrivals are not held)";
export const IDENTIFICATION_NOT_CAPTURED = "Not captured";

function identificationOf(input: RecordInput, item: CriminalArrival): string {
  const masked = input.identifications.get(crossReportKey(item));
  if (masked === undefined) return IDENTIFICATION_NOT_STORED;
  // An empty number masks to nothing: say so rather than leave a blank.
  return masked.trim() === "" ? IDENTIFICATION_NOT_CAPTURED : masked;
}

function guestOf(input: RecordInput, item: CriminalArrival, index: number): RecordGuest {
  const key = input.itemKeys[index];
  const review = key ? input.reviews.find((candidate) => candidate.itemKey === key) : undefined;
  const undone = key && !review ? input.undoneReviews.find((candidate) => candidate.itemKey === key) : undefined;
  return {
    name: fullName(item),
    identification: identificationOf(input, item),
    checkedIn: local(input, item.checkInAtUtc),
    localDate: formatCalendarDay(item.checkInDateLocal),
    gender: genderInWords(item.gender),
    source: SOURCE_WORDS[item.source] ?? item.source,
    flags: flagsOf(item),
    offenses: offenseListsOf(item),
    acknowledgement: acknowledgementOf(item, input.zone),
    review: review
      ? {
          text: `Reviewed by ${review.reviewerName} at ${local(input, review.reviewedAt)}`,
          by: review.reviewerName,
          at: local(input, review.reviewedAt),
          note: review.note,
          outcome: matchOutcomeLabel(review.outcome),
          policeContacted: review.policeContacted,
        }
      : null,
    noReview: review
      ? null
      : undone
        ? `${NOT_REVIEWED}: an earlier review was undone${undone.undoneByName ? ` by ${undone.undoneByName}` : ""} at ${local(input, undone.undoneAt)} (reason: ${undone.reason})`
        : NOT_REVIEWED,
  };
}

/** "Nov 22, 2026, 6:30 AM UTC", or each time where parts of the day came from several pulls. */
function pulledText(pulledAt: readonly Date[]): string {
  const distinct = [...new Set(pulledAt.map((at) => at.getTime()))].sort((a, b) => a - b);
  if (distinct.length === 0) return "Not recorded";
  return distinct.map((at) => utc(new Date(at))).join("; ");
}

function summaryOf(guests: readonly RecordGuest[]): string {
  const reviewed = guests.filter((guest) => guest.review).length;
  const notAcknowledged = guests.filter((guest) => guest.acknowledgement.kind === "not-acknowledged").length;
  return `${count(guests.length, "criminal arrival", "criminal arrivals")}; ${reviewed.toLocaleString("en-US")} reviewed in Daybook; ${count(notAcknowledged, "not acknowledged at the desk", "not acknowledged at the desk")}`;
}

/** The standing reviews of the list's items (all of the list's where retention removed the items). */
function reviewsOnRecord(input: RecordInput): ReviewRecord[] {
  if (input.purgedAt !== null) return [...input.reviews];
  const keys = new Set(input.itemKeys);
  return input.reviews.filter((review) => keys.has(review.itemKey));
}

export function assembleRecord(input: RecordInput): SignOffRecordView {
  const property = listProperty(input.list);
  const purged = input.purgedAt !== null;
  const guests = purged ? [] : input.items.map((item, index) => guestOf(input, item, index));
  const reviews = reviewsOnRecord(input);
  const signOff = input.signOff;
  const undone = input.undoneSignOff;
  return {
    title: `Criminal-arrival sign-off record: ${property}, ${formatCalendarDay(input.list.day)}`,
    property,
    day: input.list.day,
    dayText: formatCalendarDay(input.list.day),
    guestData: purged ? "purged" : "kept",
    purgedText: purged
      ? `The guest details of this day were removed at ${utc(input.purgedAt!)} after the retention period. Who reviewed and signed off, and when, are kept; names, matches and notes are not.`
      : null,
    guests,
    summary: purged
      ? `${count(input.reviews.length, "review", "reviews")} kept without guest details`
      : summaryOf(guests),
    outcomes: outcomesText(countOutcomes(reviews), "None yet: no review on this record"),
    falseMatch: {
      label: "False-match rate at the property",
      text: input.falseMatch
        ? `In the ${FALSE_MATCH_DAYS} days to ${formatDayWithYear(input.list.day)}: ${falseMatchText(input.falseMatch)}`
        : FALSE_MATCH_UNREAD,
    },
    signOff: signOff
      ? {
          text: `Signed off by ${signOff.signerName} at ${local(input, signOff.signedOffAt)}`,
          by: signOff.signerName,
          at: local(input, signOff.signedOffAt),
          note: signOff.note,
          itemCount: signOff.itemCount,
        }
      : null,
    notSignedOff: signOff
      ? null
      : undone
        ? `${NOT_SIGNED_OFF}: an earlier sign-off was undone${undone.undoneByName ? ` by ${undone.undoneByName}` : ""} at ${local(input, undone.undoneAt)} (reason: ${undone.reason})`
        : NOT_SIGNED_OFF,
    copy: {
      pulled: pulledText(input.pulledAt),
      generated: input.generatedAt
        ? utc(input.generatedAt)
        : "Not given: Daybook holds no usage report of this day, which carries the API's generation time",
    },
    produced: `${input.medium === "pdf" ? "File made" : "Printed from Daybook"} by ${input.producedBy} at ${utc(input.producedAt)}`,
    timesNote: timesNoteOf(input),
  };
}

/** The file name of a record: `daybook-sign-off-record-<property>-<day>.pdf`, in plain ASCII. */
export function recordFileName(list: Pick<ListRef, "propertyName" | "day">): string {
  const slug =
    list.propertyName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "property";
  return `daybook-sign-off-record-${slug}-${list.day}.pdf`;
}
