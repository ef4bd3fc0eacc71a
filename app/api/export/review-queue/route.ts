import { SCREEN_ROLES } from "@/lib/core/access";
import { utcDay } from "@/lib/core/days";
import { reviewQueueCsvTable } from "@/lib/features/export/review-queue";
import { exportRoute } from "@/lib/features/export/route";
import { getReviewQueue } from "@/lib/features/review/server";

export const GET = exportRoute("review-queue", SCREEN_ROLES.review, async (_request, viewer) => {
  const now = new Date();
  const rows = await getReviewQueue(viewer, now);
  return {
    table: reviewQueueCsvTable(rows),
    fileDay: utcDay(now),
    facts: { day: null, stored: true, propertyFilter: null, fullIdentification: false },
  };
});
