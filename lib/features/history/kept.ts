/**
 * Arrivals as Daybook keeps them: the contract's shapes, except that a field the property's privacy
 * policy does not keep is absent, and `notKept` says which and under which policy (lib/core/privacy).
 * Every stored or held arrival is read with these, and every screen, export and record is typed by
 * them, so a value that was not kept is handled where it would be shown.
 */
import { z } from "zod";

import { POLICY_FIELDS } from "@/lib/core/privacy";
import type { StoredEndpoint } from "@/lib/server/db/schema";
import {
  acknowledgedTogether,
  criminalArrivalFields,
  criminalArrivalsReportSchema,
  guestArrivalSchema,
  guestsReportSchema,
  withMatchingCount,
  type UsageReport,
} from "@/lib/server/partner-api/schemas";

const notKeptSchema = z.object({ policy: z.string(), fields: z.array(z.enum(POLICY_FIELDS)) });

const guest = guestArrivalSchema.shape;
export const keptGuestArrivalSchema = guestArrivalSchema.extend({
  dateOfBirth: guest.dateOfBirth.optional(),
  identificationNumber: guest.identificationNumber.optional(),
  documentExpirationDate: guest.documentExpirationDate.optional(),
  address: guest.address.optional(),
  city: guest.city.optional(),
  state: guest.state.optional(),
  zipCode: guest.zipCode.optional(),
  email: guest.email.optional(),
  phone: guest.phone.optional(),
  notKept: notKeptSchema.optional(),
});

export const keptCriminalArrivalSchema = criminalArrivalFields
  .extend({
    crimeTypes: criminalArrivalFields.shape.crimeTypes.optional(),
    offenseDescriptions: criminalArrivalFields.shape.offenseDescriptions.optional(),
    notKept: notKeptSchema.optional(),
  })
  .superRefine(acknowledgedTogether);

export const keptGuestsReportSchema = z
  .object({ ...guestsReportSchema.shape, items: z.array(keptGuestArrivalSchema) })
  .superRefine(withMatchingCount);

export const keptCriminalArrivalsReportSchema = z
  .object({ ...criminalArrivalsReportSchema.shape, items: z.array(keptCriminalArrivalSchema) })
  .superRefine(withMatchingCount);

export type KeptGuestArrival = z.infer<typeof keptGuestArrivalSchema>;
export type KeptGuestsReport = z.infer<typeof keptGuestsReportSchema>;
export type KeptCriminalArrival = z.infer<typeof keptCriminalArrivalSchema>;
export type KeptCriminalArrivalsReport = z.infer<typeof keptCriminalArrivalsReportSchema>;

/** A stored report of an endpoint, as it is kept and read back: its arrivals as their policies keep them. */
export type ReportOf<E extends StoredEndpoint> = E extends "usage"
  ? UsageReport
  : E extends "guests"
    ? KeptGuestsReport
    : KeptCriminalArrivalsReport;
