/**
 * What a report call refuses, and how: a property the person may not name is refused exactly as the
 * API refuses a name it does not know, and a day Daybook cannot serve is refused in the person's
 * words where a request asks for the report, Daybook's English where none does (the digest mail, a
 * command), as Daybook's other refusals.
 */

import "server-only";

import { canSeeProperty, type PropertyScope } from "@/lib/core/access";
import { AppError } from "@/lib/core/errors";
import { createFormatter, DEFAULT_HABITS, type Formatter } from "@/lib/core/format";
import { getFormat } from "@/lib/features/preferences/server";
import { PartnerApiError } from "@/lib/server/partner-api";
import type { Endpoint } from "@/lib/server/partner-api/errors";
import { requestWords } from "@/lib/server/words";

import { notStoredSentence, type PendingProperty } from "./day-choice";

/** A refusal worded as the API words it, so a screen cannot tell Daybook's answer from the API's. */
function refusal(
  endpoint: Endpoint,
  code: "property_not_found" | "property_name_ambiguous",
  detail: string,
): PartnerApiError {
  return new PartnerApiError({
    endpoint,
    status: 404,
    code,
    detail,
    correlationId: null,
    retryable: false,
    attempts: 0,
  });
}

export function notFoundFor(endpoint: Endpoint): PartnerApiError {
  // Exactly what the API says of a name it does not know: whether the property exists is not told.
  return refusal(endpoint, "property_not_found", "No property by that name is available to you.");
}

export function ambiguousFor(endpoint: Endpoint): PartnerApiError {
  return refusal(endpoint, "property_name_ambiguous", "Several of your properties share that name.");
}

export function checkFilter(scope: PropertyScope, endpoint: Endpoint, propertyName: string | undefined) {
  if (propertyName !== undefined && !canSeeProperty(scope, propertyName)) throw notFoundFor(endpoint);
}

/** The API's own "not found" is reworded the same way, so the two cannot be told apart. */
export async function sameNotFound<T>(endpoint: Endpoint, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PartnerApiError && error.code === "property_not_found") throw notFoundFor(endpoint);
    throw error;
  }
}

const standardFormat = createFormatter(DEFAULT_HABITS);

/** The formats of a refusal: the person's in a request, Daybook's standard ones outside one. */
async function refusalFormat(): Promise<Formatter> {
  try {
    return await getFormat();
  } catch {
    return standardFormat;
  }
}

/** A day Daybook holds no copy of. */
export async function noStoredCopy(day: string): Promise<AppError> {
  return new AppError(404, "day_not_stored", (await requestWords("reports"))("refusals.noStoredCopy", { day }));
}

/**
 * A stored day that covers none of the properties asked for: its figures or an empty list would
 * read as a day without arrivals, so it says when the properties' day closes instead.
 */
export async function notStoredFor(day: string, pending: readonly PendingProperty[]): Promise<AppError> {
  const [t, format] = await Promise.all([requestWords("reports"), refusalFormat()]);
  return new AppError(404, "day_not_stored", notStoredSentence(day, pending, t, format));
}
