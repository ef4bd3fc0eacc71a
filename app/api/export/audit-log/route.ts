import { getTranslations } from "next-intl/server";

import { SCREEN_ROLES } from "@/lib/core/access";
import { utcDay } from "@/lib/core/days";
import { AppError } from "@/lib/core/errors";
import { auditLogCsvTable, readAuditLogForExport } from "@/lib/features/export/audit-log";
import { auditLogExportQuery } from "@/lib/features/export/params";
import { exportRoute } from "@/lib/features/export/route";
import { parseAuditSearchParams } from "@/lib/server/audit/query";
import { getDb } from "@/lib/server/db";
import { parseQuery } from "@/lib/server/http/route";

export const GET = exportRoute("audit-log", SCREEN_ROLES.admin, async (request) => {
  const { columns } = await parseQuery(request, auditLogExportQuery);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { filters, ignored } = parseAuditSearchParams(params);
  // The screen shows what it ignored; a file cannot, so a filter it does not understand is refused,
  // naming the filters as the person's screen does.
  if (ignored.length > 0) {
    const said = parseAuditSearchParams(params, await getTranslations("admin.auditFilters")).ignored;
    throw new AppError(400, "invalid_filter", `Not understood: ${ignored.join("; ")}.`, "notUnderstood", {
      filters: said.join("; "),
    });
  }
  const events = await readAuditLogForExport(await getDb(), filters);
  return {
    table: auditLogCsvTable(events, columns),
    fileDay: utcDay(new Date()),
    facts: {
      day: null,
      stored: false,
      propertyFilter: null,
      fullIdentification: false,
      view: { filters: Object.keys(filters).join(", ") || "none" },
    },
  };
});
