import "server-only";

import { z } from "zod";

/*
 * The Partner Reporting API v1 contract as zod schemas. Nullable exactly where the contract says;
 * closed value sets (gender, source) are enforced, while sets the contract only gives examples of
 * (crimeTypes, granularity) accept new values. Unknown extra fields are dropped, not rejected, so an
 * additive change upstream does not take Daybook down.
 */

const utcTimestamp = z.iso.datetime({ message: "must be a UTC timestamp ending in Z" });
const localDate = z.iso.date({ message: "must be a date (YYYY-MM-DD)" });
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "must be a local date-time (YYYY-MM-DDTHH:MM:SS)");
const localDateTimeSpaced = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "must be a local date-time (YYYY-MM-DD HH:MM:SS)");
const count = z.number().int();

export const genderSchema = z.enum(["MALE", "FEMALE", "UNKNOWN"]).nullable();
export const sourceSchema = z.enum(["scan", "scan manual entry", "manual entry"]);

export function withMatchingCount<T extends { totalCount: number; items: unknown[] }>(report: T, ctx: z.RefinementCtx) {
  if (report.totalCount !== report.items.length) {
    ctx.addIssue({ code: "custom", path: ["totalCount"], message: "must equal the number of items" });
  }
}

export const guestArrivalSchema = z.object({
  propertyName: z.string(),
  propertyTimeZone: z.string(),
  checkInAtUtc: utcTimestamp,
  checkInDateLocal: localDate,
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: localDateTime,
  gender: genderSchema,
  identificationNumber: z.string(),
  documentExpirationDate: localDateTime,
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  roomNumber: z.string(),
  email: z.string(),
  phone: z.string(),
  isFlagged: z.boolean(),
  hasCriminalRecord: z.boolean(),
  isSexualOffender: z.boolean(),
  matchedBanAtCheckIn: z.boolean().nullable(),
  isCurrentlyBanned: z.boolean(),
  source: sourceSchema,
});

export const guestsReportSchema = z
  .object({
    totalCount: count,
    propertyName: z.string().optional(),
    reportedDateLocal: localDate,
    message: z.string().nullable(),
    items: z.array(guestArrivalSchema),
  })
  .superRefine(withMatchingCount);

/** The criminal arrival's fields, before the rule across two of them (for shapes built on it). */
export const criminalArrivalFields = z.object({
  propertyName: z.string(),
  checkInAtUtc: utcTimestamp,
  checkInDateLocal: localDate,
  firstName: z.string(),
  lastName: z.string(),
  gender: genderSchema,
  hasCriminalRecord: z.boolean(),
  isSexualOffender: z.boolean(),
  crimeTypes: z.array(z.string()),
  offenseDescriptions: z.array(z.string()),
  acknowledgedAtUtc: utcTimestamp.nullable(),
  // Typed as a string by the contract, but an alert not yet acknowledged has no local time
  // either: null is accepted only together with a null acknowledgedAtUtc.
  acknowledgedAtLocal: localDateTimeSpaced.nullable(),
  source: sourceSchema,
});

export function acknowledgedTogether(
  item: { acknowledgedAtLocal: string | null; acknowledgedAtUtc: string | null },
  ctx: z.RefinementCtx,
) {
  if (item.acknowledgedAtLocal === null && item.acknowledgedAtUtc !== null) {
    ctx.addIssue({
      code: "custom",
      path: ["acknowledgedAtLocal"],
      message: "must be a local date-time when acknowledgedAtUtc is set",
    });
  }
}

export const criminalArrivalSchema = criminalArrivalFields.superRefine(acknowledgedTogether);

export const criminalArrivalsReportSchema = z
  .object({
    totalCount: count,
    propertyName: z.string().optional(),
    reportedDateLocal: localDate,
    message: z.string().nullable().optional(),
    items: z.array(criminalArrivalSchema),
  })
  .superRefine(withMatchingCount);

export const metricSchema = z.object({
  value: count.nullable(),
  changePercent: z.number().nullable(),
});

export const usagePropertyRowSchema = z.object({
  propertyName: z.string(),
  scans: count,
  manualEntry: count,
  bansAdded: count,
  criminalMatches: count,
  sexOffenderMatches: count,
  banMatches: count,
  criminal: count,
  sexOffender: count,
  ageAlert: count,
  localAlert: count,
});

export const usageReportSchema = z.object({
  reportedDateLocal: localDate,
  fromUtc: utcTimestamp,
  toUtc: utcTimestamp,
  reportGeneratedAt: utcTimestamp,
  apiRequestedAt: utcTimestamp,
  totals: z.object({
    scans: metricSchema,
    manualEntry: metricSchema,
    bansAdded: metricSchema,
    criminalMatches: metricSchema,
    sexOffenderMatches: metricSchema,
  }),
  alerts: z.object({
    banMatches: metricSchema,
    criminal: metricSchema,
    sexOffender: metricSchema,
  }),
  warnings: z.object({
    ageAlert: metricSchema,
    localAlert: metricSchema,
  }),
  byProperty: z.array(usagePropertyRowSchema),
  activity: z.object({
    granularity: z.string(),
    points: z.array(z.object({ date: utcTimestamp, scans: count })),
  }),
  message: z.string().nullable(),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string(),
  correlationId: z.string(),
});

/** What may go out: a property name, trimmed, as the user typed it. */
export const propertyFilterSchema = z.object({
  propertyName: z.string().trim().min(1, "propertyName must not be empty").max(200).optional(),
});

export type GuestArrival = z.infer<typeof guestArrivalSchema>;
export type GuestsReport = z.infer<typeof guestsReportSchema>;
export type CriminalArrival = z.infer<typeof criminalArrivalSchema>;
export type CriminalArrivalsReport = z.infer<typeof criminalArrivalsReportSchema>;
export type Metric = z.infer<typeof metricSchema>;
export type UsagePropertyRow = z.infer<typeof usagePropertyRowSchema>;
export type UsageReport = z.infer<typeof usageReportSchema>;
export type Problem = z.infer<typeof problemSchema>;
export type PropertyFilter = z.input<typeof propertyFilterSchema>;
export type Gender = z.infer<typeof genderSchema>;
export type ArrivalSource = z.infer<typeof sourceSchema>;
