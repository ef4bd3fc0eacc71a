/**
 * Guests' privacy requests as screens and the command see them. A request is kept with the keyed
 * hashes its person is found by, never their name, date of birth or number; what it shows of the
 * person is read from the stored arrivals those hashes find, so an erased person shows nothing.
 */
import type { PersonMatch, RequestKind, RequestState } from "@/lib/core/privacy";

/** Who a request is for, as typed by the person answering it (sent in a POST body, never a URL). */
export type PersonQuery =
  /** A name ("Maria Garcia": first and last, accents and case aside) and a date of birth (YYYY-MM-DD). */
  | { by: "name and date of birth"; name: string; dateOfBirth: string }
  /** A document number, matched on its keyed hash. */
  | { by: "document number"; documentNumber: string };

/** One stored arrival of the person (a guest arrival, or the criminal arrival of the same check-in). */
export interface PersonArrival {
  endpoint: "guests" | "criminal-arrivals";
  /** The stored day it belongs to, and its local check-in date. */
  day: string;
  checkInDateLocal: string;
  checkInAtUtc: string;
  /** The property's zone its check-in is shown in; null where Daybook knows none (then UTC, said so). */
  localZone: string | null;
  propertyName: string;
  /** The name as stored (names are always kept). */
  name: string;
  matchedOn: PersonMatch;
  /** The policy the property follows, and its legal hold's reason if it has one. */
  policy: string;
  legalHold: string | null;
  /** Restricted by a request: hidden from every screen and export, kept. */
  restricted: boolean;
}

/** Every place Daybook holds the person: what a request's page lists and an export contains. */
export interface PersonPlaces {
  /**
   * Where the person was looked for: the properties the person answering may see, or every property
   * (an admin, a person with every property, the command line). Nothing below is from elsewhere.
   */
  searched: { allProperties: boolean; properties: string[] };
  /** The person's arrivals: what an export holds and an erasure or a restriction acts on. */
  arrivals: PersonArrival[];
  /**
   * Arrivals matched on the name alone, where the property's policy does not keep the date of
   * birth (with their criminal arrivals): possibly another guest of the same name, so listed for
   * whoever answers the request and never exported, erased or restricted. A request by the guest's
   * document number finds them for certain where the policy keeps it.
   */
  possibleArrivals: PersonArrival[];
  days: string[];
  properties: string[];
  /** Reviews of their criminal arrivals (who reviewed, when, whether a note was written). */
  reviews: { propertyName: string; listDate: string; reviewerName: string; reviewedAt: string; hasNote: boolean }[];
  /** Sign-off notes of their lists that mention their name. */
  signOffNotes: { propertyName: string; listDate: string; signerName: string }[];
  /** Audited reveals of their identification number. */
  reveals: { at: string; actorEmail: string | null; propertyName: string | null }[];
  /** Audited exports whose table included them (property and day). */
  exports: { at: string; actorEmail: string | null; action: string; propertyName: string | null; day: string | null }[];
  /** Policies holding any of their arrivals under a legal hold: erasure is refused while any is listed. */
  legalHolds: { policy: string; reason: string; properties: string[] }[];
}

export interface PrivacyRequestView {
  id: number;
  kind: RequestKind;
  state: RequestState;
  receivedAt: string;
  dueAt: string;
  /** Open and past its due date. */
  overdue: boolean;
  /** The requester's reference (a ticket number), never the guest's name. */
  reference: string | null;
  createdByEmail: string | null;
  closedAt: string | null;
  closedByEmail: string | null;
  /** How it ended, in words and counts. */
  outcome: string | null;
  /** A restriction in force (done, not lifted). */
  restrictionActive: boolean;
  /** Whether the request still finds its person (false once erased). */
  searchable: boolean;
}
