import "server-only";
import { getConfig } from "@/lib/config";
import { getUsageReport } from "@/lib/dal/reports";
import type { PropertyScope } from "@/lib/dal/scope";
import { isPartnerApiError, type PartnerApiErrorJSON } from "@/lib/partner-api";

export interface ConnectionInfo {
  mode: "demo" | "live";
  /** Host and path prefix of the API; never the key. */
  apiHost: string;
}

export interface ReachedProperty {
  name: string;
  scans: number;
}

export type UpstreamStatus =
  | {
      ok: true;
      reportedDateLocal: string;
      reportGeneratedAt: string;
      apiRequestedAt: string;
      message: string | null;
      properties: ReachedProperty[];
      /** Only the person's own properties are listed. */
      narrowed: boolean;
    }
  | { ok: false; error: PartnerApiErrorJSON };

export function getConnectionInfo(): ConnectionInfo {
  const { mode, partnerApi } = getConfig();
  const url = new URL(partnerApi.baseUrl);
  return { mode, apiHost: url.host + url.pathname.replace(/\/+$/, "") };
}

/** Asks the usage report which properties the key reaches (of those the person may see). */
export async function getUpstreamStatus(scope: PropertyScope): Promise<UpstreamStatus> {
  try {
    const usage = await getUsageReport(scope);
    return {
      ok: true,
      reportedDateLocal: usage.reportedDateLocal,
      reportGeneratedAt: usage.reportGeneratedAt,
      apiRequestedAt: usage.apiRequestedAt,
      message: usage.message,
      properties: usage.byProperty.map((row) => ({ name: row.propertyName, scans: row.scans })),
      narrowed: usage.narrowed,
    };
  } catch (error) {
    if (isPartnerApiError(error)) return { ok: false, error: error.toJSON() };
    throw error;
  }
}
