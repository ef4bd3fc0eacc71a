import "server-only";
import { getUsageReport } from "@/lib/dal/reports";
import { isPartnerApiError } from "@/lib/partner-api";
import { getApiKeyStatus } from "./api-key-status";

export type ConnectionTestResult =
  | { outcome: "success"; keyLast4: string; propertyCount: number; reportedDateLocal: string }
  | {
      outcome: "failure";
      keyLast4: string;
      error: { status: number | null; code: string; detail: string; correlationId: string | null };
    };

/** One usage-report call with the key in use now, as every report would make it. */
export async function runConnectionTest(): Promise<ConnectionTestResult> {
  const { last4: keyLast4 } = await getApiKeyStatus();
  try {
    const usage = await getUsageReport({ allProperties: true, properties: [] });
    return {
      outcome: "success",
      keyLast4,
      propertyCount: usage.byProperty.length,
      reportedDateLocal: usage.reportedDateLocal,
    };
  } catch (error) {
    if (!isPartnerApiError(error)) throw error;
    const { status, code, detail, correlationId } = error;
    return { outcome: "failure", keyLast4, error: { status, code, detail, correlationId } };
  }
}
