"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction } from "@/lib/server/http/action";

import { REPEAT_VISIT_DAYS } from "./repeat-visitors";
import { readRepeatVisitDays, writeRepeatVisitDays } from "./repeat-visitors-setting";
import { REPEAT_VISITORS_PATH } from "./repeat-visitors-view";

const RANGE_MESSAGE = `A whole number of days from ${REPEAT_VISIT_DAYS.min} to ${REPEAT_VISIT_DAYS.max}.`;

const repeatVisitDaysSchema = z.object({
  days: z.coerce
    .number({ error: RANGE_MESSAGE })
    .int(RANGE_MESSAGE)
    .min(REPEAT_VISIT_DAYS.min, RANGE_MESSAGE)
    .max(REPEAT_VISIT_DAYS.max, RANGE_MESSAGE),
});

/**
 * N of repeat visitors: the days after a flag in which an arrival at another property is listed.
 * Admins only, audited with the value before and after.
 */
export const setRepeatVisitDays = authedAction(
  ["admin"],
  repeatVisitDaysSchema,
  async ({ days }, viewer) => {
    const db = await getDb();
    const before = await readRepeatVisitDays(db);
    await writeRepeatVisitDays(db, days, viewer.id);
    await recordAudit(db, {
      ...(await auditContext(viewer)),
      action: "settings.repeat_visit_days",
      target: "repeat visitors",
      details: { daysBefore: before.days, daysAfter: days },
    });
    revalidatePath(REPEAT_VISITORS_PATH);
    return {
      ok: true,
      message: `Saved. An arrival at another property within ${days} ${days === 1 ? "day" : "days"} of a flag is listed.`,
    };
  },
  { audited: "settings.repeat_visit_days" },
);
