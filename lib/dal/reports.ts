import "server-only";
import { getPartnerApi, PartnerApiError, type CriminalArrivalsReport, type GuestsReport } from "@/lib/partner-api";
import type { Endpoint } from "@/lib/partner-api/errors";
import { maskIdentification } from "./masking";
import { canSeeProperty, scopeUsageReport, type PropertyScope, type ScopedUsageReport } from "./scope";

/**
 * Reports as the signed-in person may see them. Pages, route handlers and server actions come
 * here; nothing else calls the Partner API client.
 */

function notFoundFor(endpoint: Endpoint): PartnerApiError {
  // Exactly what the API says of a name it does not know: whether the property exists is not told.
  return new PartnerApiError({
    endpoint,
    status: 404,
    code: "property_not_found",
    detail: "No property by that name is available to you.",
    correlationId: null,
    retryable: false,
    attempts: 0,
  });
}

function checkFilter(scope: PropertyScope, endpoint: Endpoint, propertyName: string | undefined) {
  if (propertyName !== undefined && !canSeeProperty(scope, propertyName)) throw notFoundFor(endpoint);
}

/** The API's own "not found" is reworded the same way, so the two cannot be told apart. */
async function sameNotFound<T>(endpoint: Endpoint, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PartnerApiError && error.code === "property_not_found") throw notFoundFor(endpoint);
    throw error;
  }
}

export async function getUsageReport(scope: PropertyScope): Promise<ScopedUsageReport> {
  const report = await (await getPartnerApi()).usage();
  return scopeUsageReport(report, scope);
}

export async function getGuestsReport(scope: PropertyScope, propertyName?: string): Promise<GuestsReport> {
  checkFilter(scope, "guests", propertyName);
  const api = await getPartnerApi();
  const report = await sameNotFound("guests", () => api.guests({ propertyName }));
  const items = report.items
    .filter((item) => canSeeProperty(scope, item.propertyName))
    .map((item) => ({ ...item, identificationNumber: maskIdentification(item.identificationNumber) }));
  return { ...report, items, totalCount: items.length };
}

export async function getCriminalArrivalsReport(
  scope: PropertyScope,
  propertyName?: string,
): Promise<CriminalArrivalsReport> {
  checkFilter(scope, "criminal-arrivals", propertyName);
  const api = await getPartnerApi();
  const report = await sameNotFound("criminal-arrivals", () => api.criminalArrivals({ propertyName }));
  const items = report.items.filter((item) => canSeeProperty(scope, item.propertyName));
  return { ...report, items, totalCount: items.length };
}
