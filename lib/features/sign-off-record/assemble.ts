import { isMatchOutcome } from "@/lib/core/match-outcomes";
import { crossReportKey } from "@/lib/core/property-names";
import { acknowledgementTimes } from "@/lib/features/criminal-arrivals/acknowledgement";
import {
  flagIdsOf,
  isKnownCrimeType,
  offenseDetailsWithheld,
  offenseListsOf,
  type OffenseList,
  type OffenseListsView,
} from "@/lib/features/criminal-arrivals/offense-lists";
import { capturedName, genderWords, SOURCE_KEYS } from "@/lib/features/guests/fields";
import type { FalseMatchCell } from "@/lib/features/investigations/outcome-rates";
import type { CriminalArrival } from "@/lib/features/reports/types";
import { listProperty, type ListRef } from "@/lib/features/review/list";
import { countOutcomes, outcomesText } from "@/lib/features/review/outcomes";
import type { ReviewRecord, SignOffRecord, UndoneReview, UndoneSignOff } from "@/lib/features/review/types";

import { FALSE_MATCH_DAYS, falseMatchText } from "./false-match";
import type { RecordVoice } from "./voice";

/**
 * The sign-off record of one criminal-arrival list (one property, one local day) as it was reviewed:
 * every guest with their matches, the desk's acknowledgement and Daybook's review with its outcome,
 * then the sign-off, the property's false-match rate, and where the stored copy came from. Pure: the
 * page and the PDF both print this, word for word, so paper and file never disagree; both are in the
 * words and formats of the person who makes them (./voice.ts). The times of the property's day
 * (check-in, the desk's acknowledgement, reviews and sign-off) are in the property's zone, named, with
 * UTC beside them, as paper has no tooltip; Daybook's and the API's own times (pulls, generation,
 * this print) are in UTC.
 */

/** The desk's acknowledgement in words; null (not acknowledged) is never "no alert". */
export type RecordAcknowledgement =
  | {
      kind: "acknowledged";
      label: string;
      /** The property's own time, named, or the API's wall-clock text marked as property time. */
      localText: string;
      utcText: string;
      utcInstant: string;
    }
  | { kind: "not-acknowledged"; label: string; explanation: string };

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
  /** Each list's `id` names its heading and `items` are in words; a withheld list's `message` and the `note` too. */
  offenses: OffenseListsView;
  acknowledgement: RecordAcknowledgement;
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

/**
 * How a record says its times: the copy's and the record's own in the reader's zone (UTC unless they
 * chose one); the property's day in its zone, with UTC.
 */
function clocks(input: RecordInput, { format }: RecordVoice) {
  return {
    own: (at: string | Date) => format.event(iso(at)),
    /** "Nov 24, 2026, 4:54 PM HST (Nov 25, 2026, 2:54 AM UTC)". */
    local: (at: string | Date) => format.propertyTimeWithUtc(iso(at), input.zone),
  };
}

function timesNoteOf(input: RecordInput, { t, format }: RecordVoice): string {
  const own = format.eventZone;
  if (!input.zone) return t("timesUtc", { own });
  const named = format.zoneName(`${input.list.day}T12:00:00Z`, input.zone);
  return t("timesZoned", {
    zone: named === input.zone ? input.zone : t("zoneNamed", { zone: input.zone, name: named }),
    own,
  });
}

function identificationOf(input: RecordInput, item: CriminalArrival, { t }: RecordVoice): string {
  const masked = input.identifications.get(crossReportKey(item));
  if (masked === undefined) return t("identificationNotStored");
  // An empty number masks to nothing: say so rather than leave a blank.
  return masked.trim() === "" ? t("identificationNotCaptured") : masked;
}

function acknowledgementIn(input: RecordInput, item: CriminalArrival, voice: RecordVoice): RecordAcknowledgement {
  const { criminal: t } = voice;
  const times = acknowledgementTimes(item, input.zone, voice.format);
  if (times === null) {
    return {
      kind: "not-acknowledged",
      label: t("acknowledgement.notAcknowledged"),
      explanation: t("acknowledgement.notAcknowledgedExplanation"),
    };
  }
  const { local } = times;
  return {
    kind: "acknowledged",
    label: t("acknowledgement.acknowledged"),
    localText:
      local.kind === "zoned"
        ? local.text
        : local.kind === "notGiven"
          ? t("acknowledgement.propertyTimeNotGiven")
          : t("acknowledgement.propertyTime", { time: local.text }),
    utcText: times.utcText,
    utcInstant: times.utcInstant,
  };
}

/** The two offense lists (or why there are none) in the screens' words: crime types Daybook knows, worded. */
function offensesIn(item: CriminalArrival, { criminal: t }: RecordVoice): OffenseListsView {
  const view = offenseListsOf(item);
  if (view.kind === "withheld") {
    const withheld = offenseDetailsWithheld(item);
    const message =
      withheld?.reason === "registry"
        ? t("offenses.registry")
        : withheld?.policy
          ? t("offenses.notKept", { policy: withheld.policy })
          : t("offenses.notKeptNoPolicy");
    return { ...view, message };
  }
  const worded = (list: OffenseList): OffenseList => ({
    ...list,
    items:
      list.id === "crimeTypes"
        ? list.values.map((value) => (isKnownCrimeType(value) ? t(`crimeTypes.${value}`) : value))
        : [...list.values],
    emptyText: t("offenses.noneListed"),
  });
  return {
    ...view,
    crimeTypes: worded(view.crimeTypes),
    offenseDescriptions: worded(view.offenseDescriptions),
    note: view.note === null ? null : t("offenses.bothFlags"),
  };
}

function guestOf(input: RecordInput, item: CriminalArrival, index: number, voice: RecordVoice): RecordGuest {
  const { t, format } = voice;
  const { local } = clocks(input, voice);
  const key = input.itemKeys[index];
  const review = key ? input.reviews.find((candidate) => candidate.itemKey === key) : undefined;
  const undone = key && !review ? input.undoneReviews.find((candidate) => candidate.itemKey === key) : undefined;
  const source = SOURCE_KEYS[item.source] as (typeof SOURCE_KEYS)[keyof typeof SOURCE_KEYS] | undefined;
  return {
    name: capturedName(item) ?? t("nameNotCaptured"),
    identification: identificationOf(input, item, voice),
    checkedIn: local(item.checkInAtUtc),
    localDate: format.calendarDay(item.checkInDateLocal),
    gender: voice.guests(`gender.${genderWords(item.gender)}`),
    // A source the API added since is shown as it sent it.
    source: source ? voice.guests(`source.${source}`) : item.source,
    flags: flagIdsOf(item).map((flag) => voice.criminal(`flags.${flag}`)),
    offenses: offensesIn(item, voice),
    acknowledgement: acknowledgementIn(input, item, voice),
    review: review
      ? {
          text: t("reviewedBy", { name: review.reviewerName, at: local(review.reviewedAt) }),
          by: review.reviewerName,
          at: local(review.reviewedAt),
          note: review.note,
          outcome: voice.review(`outcomes.${isMatchOutcome(review.outcome) ? review.outcome : "none"}`),
          policeContacted: review.policeContacted,
        }
      : null,
    noReview: review
      ? null
      : undone
        ? undone.undoneByName
          ? t("reviewUndoneBy", { name: undone.undoneByName, at: local(undone.undoneAt), reason: undone.reason })
          : t("reviewUndone", { at: local(undone.undoneAt), reason: undone.reason })
        : t("notReviewed"),
  };
}

/** "Nov 22, 2026, 6:30 AM UTC" (in the reader's zone), or each time where parts of the day came from several pulls. */
function pulledText(input: RecordInput, voice: RecordVoice): string {
  const distinct = [...new Set(input.pulledAt.map((at) => at.getTime()))].sort((a, b) => a - b);
  if (distinct.length === 0) return voice.t("pulledNotRecorded");
  const { own } = clocks(input, voice);
  return distinct.map((at) => own(new Date(at))).join(voice.t("pulledSeparator"));
}

function summaryOf(guests: readonly RecordGuest[], { t, format }: RecordVoice): string {
  const total = guests.length;
  const reviewed = guests.filter((guest) => guest.review).length;
  const open = guests.filter((guest) => guest.acknowledgement.kind === "not-acknowledged").length;
  return t("summary", {
    total,
    totalN: format.number(total),
    reviewed,
    reviewedN: format.number(reviewed),
    open,
    openN: format.number(open),
  });
}

/** The standing reviews of the list's items (all of the list's where retention removed the items). */
function reviewsOnRecord(input: RecordInput): ReviewRecord[] {
  if (input.purgedAt !== null) return [...input.reviews];
  const keys = new Set(input.itemKeys);
  return input.reviews.filter((review) => keys.has(review.itemKey));
}

/** The record of `input`, in the `voice` of the person who prints or downloads it. */
export function assembleRecord(input: RecordInput, voice: RecordVoice): SignOffRecordView {
  const { t, format } = voice;
  const { own, local } = clocks(input, voice);
  const property = listProperty(input.list, voice.review);
  const purged = input.purgedAt !== null;
  const guests = purged ? [] : input.items.map((item, index) => guestOf(input, item, index, voice));
  const reviews = reviewsOnRecord(input);
  const signOff = input.signOff;
  const undone = input.undoneSignOff;
  const dayText = format.calendarDay(input.list.day);
  return {
    title: t("title", { property, day: dayText }),
    property,
    day: input.list.day,
    dayText,
    guestData: purged ? "purged" : "kept",
    purgedText: purged ? t("purged", { at: own(input.purgedAt!) }) : null,
    guests,
    summary: purged
      ? t("purgedSummary", { count: input.reviews.length, countN: format.number(input.reviews.length) })
      : summaryOf(guests, voice),
    outcomes: outcomesText(countOutcomes(reviews), t("noOutcomes"), voice.review),
    falseMatch: {
      label: t("falseMatch.label"),
      text: input.falseMatch
        ? t("falseMatch.text", {
            days: format.number(FALSE_MATCH_DAYS),
            day: format.dayWithYear(input.list.day),
            rate: falseMatchText(input.falseMatch, voice),
          })
        : t("falseMatch.unread"),
    },
    signOff: signOff
      ? {
          text: t("signedOffBy", { name: signOff.signerName, at: local(signOff.signedOffAt) }),
          by: signOff.signerName,
          at: local(signOff.signedOffAt),
          note: signOff.note,
          itemCount: signOff.itemCount,
        }
      : null,
    notSignedOff: signOff
      ? null
      : undone
        ? undone.undoneByName
          ? t("signOffUndoneBy", { name: undone.undoneByName, at: local(undone.undoneAt), reason: undone.reason })
          : t("signOffUndone", { at: local(undone.undoneAt), reason: undone.reason })
        : t("notSignedOff"),
    copy: {
      pulled: pulledText(input, voice),
      generated: input.generatedAt ? own(input.generatedAt) : t("generatedNotGiven"),
    },
    produced: t("produced", { medium: input.medium, name: input.producedBy, at: own(input.producedAt) }),
    timesNote: timesNoteOf(input, voice),
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
