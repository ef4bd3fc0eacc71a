import { z } from "zod";

import { SCREEN_ROLES } from "@/lib/core/access";
import { utcDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import { PURGE_REASONS } from "@/lib/core/privacy";
import { purgeLogCsvTable } from "@/lib/features/export/purge-log";
import { exportRoute } from "@/lib/features/export/route";
import { readPurgeLogForExport } from "@/lib/features/privacy/server";
import { parseQuery } from "@/lib/server/http/route";

/** More than this is not one download. */
const PURGE_EXPORT_LIMIT = 100_000;

const query = z.object({ reason: z.enum(PURGE_REASONS).optional() });

export const GET = exportRoute("purge-log", SCREEN_ROLES.admin, async (request) => {
  const { reason } = await parseQuery(request, query);
  const rows = await readPurgeLogForExport(reason, PURGE_EXPORT_LIMIT);
  if (rows.length > PURGE_EXPORT_LIMIT)
    throw new AppError(
      422,
      "too_many_rows",
      `More than ${PURGE_EXPORT_LIMIT.toLocaleString("en-US")} entries match.`,
      "tooManyRows",
      { limit: PURGE_EXPORT_LIMIT },
    );
  return {
    table: purgeLogCsvTable(rows),
    fileDay: utcDay(new Date()),
    facts: {
      day: null,
      stored: true,
      propertyFilter: null,
      fullIdentification: false,
      view: { reason: reason ?? "all" },
    },
  };
});
