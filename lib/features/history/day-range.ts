/** The condition every read of a range of stored days shares. Part of the history repository. */
import { and, eq, gte, lte, type SQL } from "drizzle-orm";

import { storedReports, type StoredEndpoint } from "@/lib/server/db/schema";

/** Stored days of `endpoint` from `from` to `to`, both included: stored_reports_day_idx's own order. */
export function storedDaysBetween(endpoint: StoredEndpoint, from: string, to: string): SQL {
  return and(
    eq(storedReports.endpoint, endpoint),
    gte(storedReports.reportedDate, from),
    lte(storedReports.reportedDate, to),
  )!;
}
