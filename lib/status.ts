import "server-only";
import { getConfig } from "@/lib/config";
import { getPartnerApi, isPartnerApiError, type PartnerApiErrorJSON } from "@/lib/partner-api";

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
    }
  | { ok: false; error: PartnerApiErrorJSON };

export function getConnectionInfo(): ConnectionInfo {
  const { mode, partnerApi } = getConfig();
  const url = new URL(partnerApi.baseUrl);
  return { mode, apiHost: url.host + url.pathname.replace(/\/+$/, "") };
}

/** Asks the usage report which properties the key reaches: the cheapest full-scope check there is. */
export async function getUpstreamStatus(): Promise<UpstreamStatus> {
  try {
    const usage = await getPartnerApi().usage();
    return {
      ok: true,
      reportedDateLocal: usage.reportedDateLocal,
      reportGeneratedAt: usage.reportGeneratedAt,
      apiRequestedAt: usage.apiRequestedAt,
      message: usage.message,
      properties: usage.byProperty.map((row) => ({ name: row.propertyName, scans: row.scans })),
    };
  } catch (error) {
    if (isPartnerApiError(error)) return { ok: false, error: error.toJSON() };
    throw error;
  }
}
