"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";

import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction } from "@/lib/server/http/action";

import { REPEAT_VISIT_DAYS } from "./repeat-visitors";
import { readRepeatVisitDays, validRepeatVisitDays, writeRepeatVisitDays } from "./repeat-visitors-setting";
import { REPEAT_VISITORS_PATH } from "./repeat-visitors-view";

/**
 * The number is checked in the action rather than by the schema, so that its refusal is said in the
 * person's language (a schema's messages are fixed before anyone asks).
 */
const repeatVisitDaysSchema = z.object({ days: z.unknown() });

/** A whole number of days in the setting's range, as a form or a caller sends it; null for anything else. */
function daysOf(value: unknown): number | null {
  return validRepeatVisitDays(typeof value === "string" || typeof value === "number" ? Number(value) : Number.NaN);
}

/**
 * N of repeat visitors: the days after a flag in which an arrival at another property is listed.
 * Admins only, audited with the value before and after.
 */
export const setRepeatVisitDays = authedAction(
  ["admin"],
  repeatVisitDaysSchema,
  async (input, viewer) => {
    const t = await getTranslations("investigations.repeatVisitors.action");
    const days = daysOf(input.days);
    if (days === null)
      return {
        ok: false,
        code: "invalid",
        message: t("invalid"),
        fieldErrors: { days: t("range", { min: REPEAT_VISIT_DAYS.min, max: REPEAT_VISIT_DAYS.max }) },
      };
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
    return { ok: true, message: t("saved", { days }) };
  },
  { audited: "settings.repeat_visit_days" },
);
