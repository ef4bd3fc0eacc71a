import { asc, eq } from "drizzle-orm";

import type { StoredPersonArrival } from "@/lib/features/history/person";
import type { Database } from "@/lib/server/db/open";
import { storedItems, storedReports } from "@/lib/server/db/schema";

/** The first `count` stored arrivals of `endpoint`, in storing order, as a privacy request finds them. */
export async function firstStoredArrivals(
  db: Database,
  endpoint: "guests" | "criminal-arrivals",
  count: number,
): Promise<StoredPersonArrival[]> {
  const rows = await db
    .select({
      reportId: storedItems.reportId,
      position: storedItems.position,
      day: storedReports.reportedDate,
      propertyName: storedItems.propertyName,
    })
    .from(storedItems)
    .innerJoin(storedReports, eq(storedReports.id, storedItems.reportId))
    .where(eq(storedReports.endpoint, endpoint))
    .orderBy(asc(storedItems.reportId), asc(storedItems.position))
    .limit(count);
  return rows.map((row) => ({ ...row, endpoint }) as unknown as StoredPersonArrival);
}
