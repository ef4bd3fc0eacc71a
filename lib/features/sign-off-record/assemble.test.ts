import { describe, expect, it } from "vitest";

import { translatorFor } from "@/lib/core/catalogue";
import { crossReportKey } from "@/lib/core/property-names";
import { WITHHELD_MESSAGE } from "@/lib/features/criminal-arrivals/offense-lists";
import type { CriminalArrival } from "@/lib/features/reports/types";

import { assembleRecord, recordFileName, type RecordInput } from "./assemble";
import { recordVoice } from "./voice";

/** A person who never chose: Daybook's default, US English on a 12-hour clock. */
const english = recordVoice();
const assemble = (record: RecordInput) => assembleRecord(record, english);
const NOT_REVIEWED = "Not reviewed in Daybook";
const NOT_SIGNED_OFF = "Not signed off";

const DAY = "2026-11-20";
const PROPERTY = "Riverside & Co. Hotel";

const arrival = (over: Partial<CriminalArrival> = {}): CriminalArrival => ({
  propertyName: PROPERTY,
  checkInAtUtc: "2026-11-20T15:04:00Z",
  checkInDateLocal: DAY,
  firstName: "Анна",
  lastName: "O'Connor",
  gender: "FEMALE",
  hasCriminalRecord: true,
  isSexualOffender: false,
  crimeTypes: ["FELONY", "MISDEMEANOR"],
  offenseDescriptions: ["Burglary"],
  acknowledgedAtUtc: "2026-11-20T15:10:00Z",
  acknowledgedAtLocal: "2026-11-20 07:10:00",
  source: "scan",
  ...over,
});

const first = arrival();
const second = arrival({
  checkInAtUtc: "2026-11-20T18:30:00Z",
  firstName: "花子",
  lastName: "山田",
  hasCriminalRecord: false,
  isSexualOffender: true,
  crimeTypes: [],
  offenseDescriptions: [],
  acknowledgedAtUtc: null,
  acknowledgedAtLocal: null,
});

const input = (over: Partial<RecordInput> = {}): RecordInput => ({
  list: { propertyName: PROPERTY, day: DAY, zone: null },
  items: [first, second],
  identifications: new Map([[crossReportKey(first), "••••••4821"]]),
  itemKeys: ["key-1", "key-2"],
  reviews: [
    {
      itemKey: "key-1",
      propertyName: PROPERTY,
      zone: null,
      listDate: DAY,
      reviewerName: "Sam Supervisor",
      reviewedAt: "2026-11-21T09:14:00Z",
      note: "Called the night manager.",
      outcome: "false_match",
      policeContacted: true,
    },
  ],
  undoneReviews: [],
  signOff: null,
  undoneSignOff: null,
  falseMatch: { decided: 31, falseMatches: 4, outdated: 2, confirmed: 25, unverified: 3, rate: 4 / 31, tooFew: false },
  pulledAt: [new Date("2026-11-21T11:30:00Z"), new Date("2026-11-21T11:30:00Z")],
  generatedAt: "2026-11-21T08:05:00Z",
  purgedAt: null,
  producedBy: "Rhea Regional",
  producedAt: new Date("2026-11-23T10:00:00Z"),
  medium: "print",
  ...over,
});

describe("assembleRecord", () => {
  it("gives the times of the property's day in its zone, named, with UTC beside them; its own times in UTC", () => {
    const view = assemble(
      input({
        zone: "America/New_York",
        signOff: {
          propertyName: PROPERTY,
          zone: null,
          listDate: DAY,
          signerName: "Sam Supervisor",
          signedOffAt: "2026-11-21T09:20:00Z",
          note: null,
          itemCount: 2,
        },
      }),
    );
    expect(view.guests[0]!.checkedIn).toBe("Nov 20, 2026, 10:04 AM EST (Nov 20, 2026, 3:04 PM UTC)");
    expect(view.guests[0]!.acknowledgement).toMatchObject({ localText: "Nov 20, 2026, 10:10 AM EST" });
    expect(view.guests[0]!.review!.text).toBe(
      "Reviewed by Sam Supervisor at Nov 21, 2026, 4:14 AM EST (Nov 21, 2026, 9:14 AM UTC)",
    );
    expect(view.signOff!.at).toBe("Nov 21, 2026, 4:20 AM EST (Nov 21, 2026, 9:20 AM UTC)");
    expect(view.copy.pulled).toBe("Nov 21, 2026, 11:30 AM UTC");
    expect(view.timesNote).toContain("(America/New_York, EST)");
  });

  it("says once that every time is in UTC where Daybook knows no zone for the property", () => {
    const view = assemble(input());
    expect(view.guests[0]!.checkedIn).toBe("Nov 20, 2026, 3:04 PM UTC");
    expect(view.timesNote).toBe("Daybook holds no time zone for this property yet: every time is in UTC.");
  });

  it("lists each guest by name with the masked number, the two offense lists apart, the desk and Daybook's review", () => {
    const view = assemble(input());
    expect(view.title).toBe(`Criminal-arrival sign-off record: ${PROPERTY}, Friday, November 20, 2026`);
    expect(view.guestData).toBe("kept");
    expect(view.guests.map((guest) => guest.name)).toEqual(["Анна O'Connor", "花子 山田"]);
    const [one, two] = view.guests;
    expect(one).toMatchObject({
      identification: "••••••4821",
      checkedIn: "Nov 20, 2026, 3:04 PM UTC",
      flags: ["Criminal record"],
      review: {
        text: "Reviewed by Sam Supervisor at Nov 21, 2026, 9:14 AM UTC",
        note: "Called the night manager.",
        outcome: "Not the same person",
        policeContacted: true,
      },
      noReview: null,
    });
    expect(one!.offenses).toMatchObject({
      kind: "lists",
      crimeTypes: { items: ["Felony", "Misdemeanor"] },
      offenseDescriptions: { items: ["Burglary"] },
    });
    expect(one!.acknowledgement).toMatchObject({
      kind: "acknowledged",
      localText: "Nov 20, 2026, 7:10 AM (property time)",
    });
    // A sex-offender match alone: the API withholds the details, and the record says so.
    expect(two!.offenses).toEqual({ kind: "withheld", message: WITHHELD_MESSAGE });
    expect(two!.acknowledgement.kind).toBe("not-acknowledged");
    expect(two!.review).toBeNull();
    expect(two!.noReview).toBe(NOT_REVIEWED);
    expect(view.summary).toBe("2 criminal arrivals; 1 reviewed in Daybook; 1 not acknowledged at the desk");
    expect(view.outcomes).toBe("1 not the same person; police contacted for 1");
  });

  it("says a review made before outcomes were asked has none, and counts it apart", () => {
    const view = assemble(
      input({
        reviews: [
          { ...input().reviews[0]!, outcome: null, policeContacted: false },
          { ...input().reviews[0]!, itemKey: "key-2", outcome: "confirmed", policeContacted: false, note: null },
          // Another list's review of the same day is not this record's.
          { ...input().reviews[0]!, itemKey: "key-9", outcome: "outdated", propertyName: "Harbour View Hotel" },
        ],
      }),
    );
    expect(view.guests.map((guest) => guest.review?.outcome)).toEqual([
      "No outcome recorded",
      "Same person, confirmed",
    ]);
    expect(view.guests.map((guest) => guest.review?.policeContacted)).toEqual([false, false]);
    expect(view.outcomes).toBe("1 same person, confirmed; 1 reviewed without an outcome");
    expect(assemble(input({ reviews: [] })).outcomes).toBe("None yet: no review on this record");
  });

  it("gives the property's false-match rate over the 90 days to the list's day, with its counts, or says why not", () => {
    expect(assemble(input()).falseMatch).toEqual({
      label: "False-match rate at the property",
      text: "In the 90 days to Nov 20, 2026: 4 of 31 matches (13 %) not the same person (25 confirmed, 2 records outdated); 3 matches not verified, left out.",
    });
    const few = assemble(
      input({
        falseMatch: { decided: 3, falseMatches: 1, outdated: 0, confirmed: 2, unverified: 0, rate: null, tooFew: true },
      }),
    );
    expect(few.falseMatch.text).toBe(
      "In the 90 days to Nov 20, 2026: Too few to judge: 1 of 3 matches not the same person (2 confirmed, 0 records outdated); a rate is given from 10 matches decided.",
    );
    expect(assemble(input({ falseMatch: null })).falseMatch.text).toBe(
      "Not available: Daybook could not read the outcomes just now.",
    );
  });

  it("says a number is not stored where Daybook holds no guest arrival for the guest", () => {
    expect(assemble(input()).guests[1]!.identification).toBe("Not stored (the day's guest arrivals are not held)");
  });

  it("says a number was not captured where the stored arrival has an empty one", () => {
    const view = assemble(input({ identifications: new Map([[crossReportKey(first), ""]]) }));
    expect(view.guests[0]!.identification).toBe("Not captured");
  });

  it("names the sign-off with who, when and the note; without one it says not signed off", () => {
    const signed = assemble(
      input({
        signOff: {
          propertyName: PROPERTY,
          zone: null,
          listDate: DAY,
          signerName: "Sam Supervisor",
          signedOffAt: "2026-11-21T10:00:00Z",
          note: "All checked with the desk.",
          itemCount: 2,
        },
      }),
    );
    expect(signed.signOff).toEqual({
      text: "Signed off by Sam Supervisor at Nov 21, 2026, 10:00 AM UTC",
      by: "Sam Supervisor",
      at: "Nov 21, 2026, 10:00 AM UTC",
      note: "All checked with the desk.",
      itemCount: 2,
    });
    expect(signed.notSignedOff).toBeNull();
    const open = assemble(input());
    expect(open.signOff).toBeNull();
    expect(open.notSignedOff).toBe(NOT_SIGNED_OFF);
  });

  it("a review or a sign-off undone (flipped back) reads as not done, with who undid it, when and why", () => {
    const view = assemble(
      input({
        reviews: [],
        undoneReviews: [
          { itemKey: "key-1", undoneByName: "Ada Admin", undoneAt: "2026-11-22T08:00:00Z", reason: "Wrong guest" },
        ],
        undoneSignOff: {
          propertyName: PROPERTY,
          zone: null,
          listDate: DAY,
          undoneByName: null,
          undoneAt: "2026-11-22T08:05:00Z",
          reason: "Reopened",
        },
      }),
    );
    expect(view.guests[0]!.review).toBeNull();
    expect(view.guests[0]!.noReview).toBe(
      `${NOT_REVIEWED}: an earlier review was undone by Ada Admin at Nov 22, 2026, 8:00 AM UTC (reason: Wrong guest)`,
    );
    // The other guest's review was never undone.
    expect(view.guests[1]!.noReview).toBe(NOT_REVIEWED);
    expect(view.notSignedOff).toBe(
      `${NOT_SIGNED_OFF}: an earlier sign-off was undone at Nov 22, 2026, 8:05 AM UTC (reason: Reopened)`,
    );
  });

  it("a review standing again after an undo wins over the undo", () => {
    const view = assemble(
      input({
        undoneReviews: [
          { itemKey: "key-1", undoneByName: "Ada Admin", undoneAt: "2026-11-22T08:00:00Z", reason: "Wrong guest" },
        ],
      }),
    );
    expect(view.guests[0]!.review?.by).toBe("Sam Supervisor");
    expect(view.guests[0]!.noReview).toBeNull();
  });

  it("a purged day lists no guest, says why, and keeps who reviewed and signed off", () => {
    const view = assemble(
      input({
        items: [],
        itemKeys: [],
        purgedAt: new Date("2027-02-18T03:00:00Z"),
        signOff: {
          propertyName: PROPERTY,
          zone: null,
          listDate: DAY,
          signerName: "Sam Supervisor",
          signedOffAt: "2026-11-21T10:00:00Z",
          note: null,
          itemCount: 2,
        },
      }),
    );
    expect(view.guestData).toBe("purged");
    expect(view.guests).toEqual([]);
    expect(view.purgedText).toContain("removed at Feb 18, 2027, 3:00 AM UTC after the retention period");
    expect(view.summary).toBe("1 review kept without guest details");
    // The outcomes outlive the guests' details.
    expect(view.outcomes).toBe("1 not the same person; police contacted for 1");
    expect(view.signOff?.text).toBe("Signed off by Sam Supervisor at Nov 21, 2026, 10:00 AM UTC");
  });

  it("gives the pull time once when the parts tie, each time when they differ, and says when none is known", () => {
    expect(assemble(input()).copy.pulled).toBe("Nov 21, 2026, 11:30 AM UTC");
    expect(
      assemble(input({ pulledAt: [new Date("2026-11-21T12:00:00Z"), new Date("2026-11-21T11:30:00Z")] })).copy.pulled,
    ).toBe("Nov 21, 2026, 11:30 AM UTC; Nov 21, 2026, 12:00 PM UTC");
    expect(assemble(input({ pulledAt: [] })).copy.pulled).toBe("Not recorded");
  });

  it("gives the API's generation time where Daybook holds it, and says so where not", () => {
    expect(assemble(input()).copy.generated).toBe("Nov 21, 2026, 8:05 AM UTC");
    expect(assemble(input({ generatedAt: null })).copy.generated).toMatch(/^Not given/);
  });

  it("says who made the print or the file, and when", () => {
    expect(assemble(input()).produced).toBe("Printed from Daybook by Rhea Regional at Nov 23, 2026, 10:00 AM UTC");
    expect(assemble(input({ medium: "pdf" })).produced).toBe(
      "File made by Rhea Regional at Nov 23, 2026, 10:00 AM UTC",
    );
  });

  it("names a shared property with its zone", () => {
    const view = assemble(input({ list: { propertyName: "Seaside Suites", day: DAY, zone: "America/Los_Angeles" } }));
    expect(view.property).toBe("Seaside Suites (Los Angeles time)");
  });
});

describe("a record for a reader who chose their own zone", () => {
  const zurich = recordVoice({
    language: "en",
    region: "en-US",
    hourCycle: "h12",
    weekStart: 7,
    timeZone: "Europe/Zurich",
  });

  it("gives the copy's and the record's own times in the reader's zone, the property's day still in its own", () => {
    const view = assembleRecord(
      input({
        zone: "America/New_York",
        signOff: {
          propertyName: PROPERTY,
          zone: null,
          listDate: DAY,
          signerName: "Sam Supervisor",
          signedOffAt: "2026-11-21T09:20:00Z",
          note: null,
          itemCount: 2,
        },
      }),
      zurich,
    );
    expect(view.copy.pulled).toBe("Nov 21, 2026, 12:30 PM Europe/Zurich");
    expect(view.copy.generated).toBe("Nov 21, 2026, 9:05 AM Europe/Zurich");
    expect(view.produced).toBe("Printed from Daybook by Rhea Regional at Nov 23, 2026, 11:00 AM Europe/Zurich");
    expect(view.guests[0]!.checkedIn).toBe("Nov 20, 2026, 10:04 AM EST (Nov 20, 2026, 3:04 PM UTC)");
    expect(view.signOff!.at).toBe("Nov 21, 2026, 4:20 AM EST (Nov 21, 2026, 9:20 AM UTC)");
    expect(view.timesNote).toMatch(/the copy's and this record's times are in Europe\/Zurich\.$/);
    // Where the property's zone is not known, its day is in UTC and the note says which is which.
    expect(assembleRecord(input(), zurich).timesNote).toBe(
      "Daybook holds no time zone for this property yet: times of its day are in UTC; the copy's and this record's times are in Europe/Zurich.",
    );
  });
});

describe("a record in the reader's language and formats", () => {
  it("says every word in French and writes times on the 24-hour clock a Montréal reader chose", () => {
    const montreal = recordVoice({ language: "fr", region: "fr-CA", hourCycle: "h23", weekStart: 7 });
    const view = assembleRecord(input({ zone: "America/Toronto" }), montreal);
    const guests = translatorFor("fr", "guests");
    const criminal = translatorFor("fr", "criminalArrivals");
    expect(view.title).toBe(
      `Registre de validation des arrivées à antécédents : ${PROPERTY}, vendredi 20 novembre 2026`,
    );
    expect(view.guests[0]).toMatchObject({
      checkedIn: "20 nov. 2026, 10 h 04 HNE (20 nov. 2026, 15 h 04 UTC)",
      localDate: "vendredi 20 novembre 2026",
      gender: guests("gender.FEMALE"),
      source: guests("source.scan"),
      flags: [criminal("flags.criminalRecord")],
      review: { text: "Passé en revue par Sam Supervisor le 21 nov. 2026, 04 h 14 HNE (21 nov. 2026, 09 h 14 UTC)" },
    });
    expect(view.guests[0]!.offenses).toMatchObject({
      crimeTypes: { items: [criminal("crimeTypes.FELONY"), criminal("crimeTypes.MISDEMEANOR")] },
    });
    expect(view.guests[1]!.acknowledgement).toMatchObject({ label: criminal("acknowledgement.notAcknowledged") });
    expect(view.guests[1]!.noReview).toBe("Non passé en revue dans Daybook");
    expect(view.summary).toBe(
      "2 arrivées à antécédents ; 1 passée en revue dans Daybook ; 1 non prise en compte à la réception",
    );
    expect(view.notSignedOff).toBe("Non validé");
    expect(view.falseMatch.text).toMatch(
      /^Sur les 90 jours jusqu’au 20 nov\. 2026 : 4 sur 31 correspondances \(13 %\)/,
    );
    expect(view.timesNote).toContain("(America/Toronto, HNE)");
    expect(JSON.stringify(view)).not.toMatch(/\b[AP]M\b/);
  });
});

describe("recordFileName", () => {
  it("is plain ASCII, from the property and the day", () => {
    expect(recordFileName({ propertyName: PROPERTY, day: DAY })).toBe(
      "daybook-sign-off-record-riverside-co-hotel-2026-11-20.pdf",
    );
    expect(recordFileName({ propertyName: "Grand Hotel Zürich", day: DAY })).toBe(
      "daybook-sign-off-record-grand-hotel-zurich-2026-11-20.pdf",
    );
    expect(recordFileName({ propertyName: "東京ホテル", day: DAY })).toBe(
      "daybook-sign-off-record-property-2026-11-20.pdf",
    );
  });
});
