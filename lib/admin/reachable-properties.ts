import "server-only";
import { getUsageReport } from "@/lib/dal/reports";
import { isPartnerApiError, type PartnerApiErrorJSON } from "@/lib/partner-api";
import { distinctPropertyNames, type PropertyName } from "./property-names";

export type ReachableProperties = { ok: true; properties: PropertyName[] } | { ok: false; error: PartnerApiErrorJSON };

const EVERY_PROPERTY = { allProperties: true, properties: [] } as const;

/** The property names the API key reaches now, for granting access; an upstream failure is returned, not thrown. */
export async function getReachableProperties(): Promise<ReachableProperties> {
  try {
    const usage = await getUsageReport(EVERY_PROPERTY);
    return { ok: true, properties: distinctPropertyNames(usage.byProperty.map((row) => row.propertyName)) };
  } catch (error) {
    if (isPartnerApiError(error)) return { ok: false, error: error.toJSON() };
    throw error;
  }
}
