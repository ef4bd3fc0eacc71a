/**
 * The archive an access request answers with: person.json (every stored occurrence of the guest, as
 * kept: a field their property's policy did not keep is absent and `notKept` says so) and two CSV
 * files for people who read tables. One zip, built in memory: a person's data is a few dozen
 * arrivals, never a size that needs streaming.
 */
import { strToU8, zipSync } from "fflate";

import { toCsv } from "@/lib/features/export/csv";
import type { StoredPersonArrival } from "@/lib/features/history/person";

import type { PersonPlaces } from "./types";

export interface ArchiveInput {
  requestId: number;
  exportedAt: Date;
  places: PersonPlaces;
  arrivals: StoredPersonArrival[];
  reviews: { propertyName: string; listDate: string; reviewerName: string; reviewedAt: Date; note: string | null }[];
  signOffs: { propertyName: string; listDate: string; signerName: string; note: string | null }[];
}

const ARRIVAL_FIELDS = [
  "firstName",
  "middleName",
  "lastName",
  "dateOfBirth",
  "gender",
  "identificationNumber",
  "documentExpirationDate",
  "address",
  "city",
  "state",
  "zipCode",
  "email",
  "phone",
  "roomNumber",
  "source",
  "isCurrentlyBanned",
  "matchedBanAtCheckIn",
  "crimeTypes",
  "offenseDescriptions",
] as const;

function cell(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(cell).join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function buildArchive(input: ArchiveInput): Uint8Array {
  const { places } = input;
  const person = {
    request: input.requestId,
    exportedAt: input.exportedAt.toISOString(),
    arrivals: input.arrivals.map((arrival, index) => ({
      endpoint: arrival.endpoint,
      day: arrival.day,
      propertyName: arrival.propertyName,
      checkInDateLocal: arrival.checkInDateLocal,
      checkInAtUtc: arrival.checkInAtUtc,
      matchedOn: arrival.matchedOn,
      policy: places.arrivals[index]?.policy ?? null,
      restricted: arrival.restrictedBy !== null,
      item: arrival.item,
      liveObservations: arrival.observations,
    })),
    reviews: input.reviews.map((review) => ({
      propertyName: review.propertyName,
      listDate: review.listDate,
      reviewerName: review.reviewerName,
      reviewedAt: review.reviewedAt.toISOString(),
      note: review.note,
    })),
    signOffNotes: input.signOffs.map((signOff) => ({
      propertyName: signOff.propertyName,
      listDate: signOff.listDate,
      signerName: signOff.signerName,
      note: signOff.note,
    })),
    reveals: places.reveals,
    exports: places.exports,
    legalHolds: places.legalHolds,
  };
  const arrivals = toCsv({
    headers: [
      "Report",
      "Stored day",
      "Property",
      "Check-in day",
      "Check-in (UTC)",
      "Matched on",
      "Not kept",
      ...ARRIVAL_FIELDS,
    ],
    rows: input.arrivals.map((arrival) => {
      const notKept = (arrival.item as { notKept?: { policy: string; fields: string[] } }).notKept;
      return [
        arrival.endpoint,
        arrival.day,
        arrival.propertyName,
        arrival.checkInDateLocal,
        arrival.checkInAtUtc,
        arrival.matchedOn,
        notKept ? `${notKept.fields.join(", ")} (not kept under ${notKept.policy})` : "",
        ...ARRIVAL_FIELDS.map((field) => cell(arrival.item[field])),
      ];
    }),
  });
  const placesCsv = toCsv({
    headers: ["Kind", "Property", "Day", "Who", "When", "Detail"],
    rows: [
      ...places.reviews.map((review) => [
        "review",
        review.propertyName,
        review.listDate,
        review.reviewerName,
        review.reviewedAt,
        review.hasNote ? "with a note" : "",
      ]),
      ...places.signOffNotes.map((note) => [
        "sign-off note",
        note.propertyName,
        note.listDate,
        note.signerName,
        "",
        "",
      ]),
      ...places.reveals.map((reveal) => [
        "identification number revealed",
        reveal.propertyName ?? "",
        "",
        reveal.actorEmail ?? "",
        reveal.at,
        "",
      ]),
      ...places.exports.map((entry) => [
        "table exported",
        entry.propertyName ?? "every property",
        entry.day ?? "",
        entry.actorEmail ?? "",
        entry.at,
        entry.action,
      ]),
      ...places.legalHolds.map((hold) => ["legal hold", hold.properties.join(", "), "", hold.policy, "", hold.reason]),
    ],
  });
  return zipSync(
    {
      "person.json": strToU8(`${JSON.stringify(person, null, 2)}\n`),
      "arrivals.csv": strToU8(arrivals),
      "places.csv": strToU8(placesCsv),
    },
    // Fixed times inside the archive: the same data makes the same file.
    { level: 6, mtime: input.exportedAt },
  );
}
