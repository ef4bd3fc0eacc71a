"use server";

import { getTranslations } from "next-intl/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";

import { AppError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/server/audit/record";
import { auditContext } from "@/lib/server/audit/request";
import { getDb } from "@/lib/server/db";
import { authedAction } from "@/lib/server/http/action";
import { logFailure } from "@/lib/server/log";
import { getPartnerApi } from "@/lib/server/partner-api";

import { runSync } from "./run";

export interface PullNowData {
  runId: number;
  outcome: string;
  correlationId: string | null;
}

const noInput = z.object({});

export const pullNow = authedAction<typeof noInput, PullNowData>(["admin"], noInput, async (_input, viewer) => {
  const db = await getDb();
  const t = await getTranslations("sync.pull");
  const audit = async (outcome: "success" | "failure", details: Record<string, unknown>) =>
    recordAudit(db, { ...(await auditContext(viewer)), action: "sync.pull", target: "reports", outcome, details });

  let result;
  try {
    result = await runSync(db, await getPartnerApi(), { now: new Date(), trigger: "admin" });
  } catch (error) {
    logFailure("sync: the pull an admin asked for", error);
    await audit("failure", { outcome: "not run" });
    throw new AppError(503, "pull_not_run", t("notRun"));
  }
  if (result.status === "skipped") {
    await audit("failure", { outcome: "skipped" });
    return { ok: false, code: "failed", message: t("busy") };
  }
  const { run } = result;
  await audit(run.outcome === "failed" ? "failure" : "success", {
    run: run.id,
    outcome: run.outcome,
    reportedDate: run.reportedDate,
    correlationId: run.correlationId,
  });
  revalidatePath("/admin/sync");
  revalidatePath("/admin");
  // The run's message is its record, in English (./messages.ts); a run always has one once it ends.
  if (run.outcome === "failed") {
    return { ok: false, code: "failed", message: run.message ?? t("allFailed") };
  }
  return {
    ok: true,
    data: { runId: run.id, outcome: run.outcome, correlationId: run.correlationId },
    message: run.message ?? undefined,
  };
});
