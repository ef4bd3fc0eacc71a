import { SCREEN_ROLES } from "@/lib/core/access";
import { utcDay } from "@/lib/core/days";
import { reviewQueueCsvTable } from "@/lib/features/export/review-queue";
import { exportRoute } from "@/lib/features/export/route";
import { reviewQueueFor } from "@/lib/features/review/server";
import { getConfig } from "@/lib/server/config";
import { getDb } from "@/lib/server/db";

export const GET = exportRoute("review-queue", SCREEN_ROLES.review, async (_request, viewer) => {
  const now = new Date();
  const rows = await reviewQueueFor(await getDb(), viewer, { now, overdueHours: getConfig().history.overdueHours });
  return {
    table: reviewQueueCsvTable(rows),
    fileDay: utcDay(now),
    facts: { day: null, stored: true, propertyFilter: null, fullIdentification: false },
  };
});
