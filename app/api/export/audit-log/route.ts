import { parseAuditSearchParams } from "@/lib/audit/query";
import { DaybookError } from "@/lib/dal/errors";
import { SCREEN_ROLES } from "@/lib/dal/roles";
import { getDb } from "@/lib/db";
import { auditLogCsvTable, readAuditLogForExport } from "@/lib/export/audit-log";
import { auditLogExportQuery } from "@/lib/export/params";
import { exportRoute } from "@/lib/export/route";
import { parseQuery } from "@/lib/api/query";

export const GET = exportRoute("audit-log", SCREEN_ROLES.admin, async (request) => {
  const { columns } = parseQuery(request, auditLogExportQuery);
  const { filters, ignored } = parseAuditSearchParams(Object.fromEntries(new URL(request.url).searchParams));
  // The screen shows what it ignored; a file cannot, so a filter it does not understand is refused.
  if (ignored.length > 0) throw new DaybookError(400, "invalid_filter", `Not understood: ${ignored.join("; ")}.`);
  const events = await readAuditLogForExport(await getDb(), filters);
  return {
    table: auditLogCsvTable(events, columns),
    fileDay: new Date().toISOString().slice(0, 10),
    facts: {
      day: null,
      stored: false,
      propertyFilter: null,
      fullIdentification: false,
      view: { filters: Object.keys(filters).join(", ") || "none" },
    },
  };
});
