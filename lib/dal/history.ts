import "server-only";
import { getDb } from "@/lib/db";
import type { StoredEndpoint } from "@/lib/db/schema";
import { listStoredDays } from "@/lib/history/store";
import type { StoredCopy } from "@/lib/history/types";

/**
 * The days a report screen can show from Daybook's history, newest first. Which days exist says
 * nothing about any property, so everyone who may open the screen sees the same list. A day whose
 * guest data the retention period removed is not offered on a guest screen.
 */
export async function getStoredDays(endpoint: StoredEndpoint): Promise<StoredCopy[]> {
  const days = await listStoredDays(await getDb(), endpoint);
  return endpoint === "usage" ? days : days.filter((day) => day.itemsPurgedAt === null);
}
