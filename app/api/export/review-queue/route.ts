import { getConfig } from "@/lib/config";
import { reviewQueueFor } from "@/lib/dal/review";
import { SCREEN_ROLES } from "@/lib/dal/roles";
import { getDb } from "@/lib/db";
import { reviewQueueCsvTable } from "@/lib/export/review-queue";
import { exportRoute } from "@/lib/export/route";

export const GET = exportRoute("review-queue", SCREEN_ROLES.review, async (_request, viewer) => {
  const now = new Date();
  const rows = await reviewQueueFor(await getDb(), viewer, { now, overdueHours: getConfig().history.overdueHours });
  return {
    table: reviewQueueCsvTable(rows),
    fileDay: now.toISOString().slice(0, 10),
    facts: { day: null, stored: true, propertyFilter: null, fullIdentification: false },
  };
});
