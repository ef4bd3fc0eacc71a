import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { AppError } from "@/lib/core/errors";
import { exportAuditEntry } from "@/lib/features/export/audit";
import { auditLogCsvTable, readAuditLogForExport } from "@/lib/features/export/audit-log";
import { toCsv } from "@/lib/features/export/csv";
import { guestsCsvTable } from "@/lib/features/export/guests";
import { DEFAULT_VISIBLE_COLUMNS } from "@/lib/features/guests/columns";
import { DEFAULT_SORT } from "@/lib/features/guests/sort";
import { readStoredReport, storeReport } from "@/lib/features/history/store";
import { readStorePrivacy } from "@/lib/features/privacy/server";
import { recordAudit } from "@/lib/server/audit/record";
import { auditEvents, type User } from "@/lib/server/db/schema";
import type { GuestsReport } from "@/lib/server/partner-api";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";
import { apiFor } from "@/tests/support/partner-api";
import { launchSimulator, type LaunchedSimulator } from "@/tests/support/simulator";

const NOW = "2026-11-23T14:00:00Z";

let sim: LaunchedSimulator;
let report: GuestsReport;

beforeAll(async () => {
  sim = await launchSimulator({ now: NOW });
  report = await apiFor(sim).guests({ propertyName: "Riverside & Co. Hotel" });
});
afterAll(async () => {
  await sim.close();
});

/** Every string anywhere in a value, to look for personal data in what was stored. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const options = { search: "", sort: DEFAULT_SORT, columns: DEFAULT_VISIBLE_COLUMNS, liveAsOf: NOW };

describeEachDatabase("export audit", (db) => {
  let supervisor: User;
  beforeAll(async () => {
    supervisor = await addUser(db(), uniqueEmail("exporter"), { role: "supervisor" });
  });
  const actor = () => ({ id: supervisor.id, email: supervisor.email });

  it("records an export with full numbers as such, and nothing personal", async () => {
    const table = guestsCsvTable(report.items, { ...options, identification: "full" });
    expect(toCsv(table)).toContain(report.items[0]!.identificationNumber);

    const facts = {
      table: "guests" as const,
      day: report.reportedDateLocal,
      stored: false,
      propertyFilter: "Riverside & Co. Hotel",
      rowCount: table.rows.length,
      columns: table.groups,
      fullIdentification: true,
      statedReason: "Police request ref. 2026/114",
      view: { searched: false, sort: "checkIn asc" },
    };
    await recordAudit(db(), exportAuditEntry(actor(), facts, "203.0.113.4"));

    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.actorId, supervisor.id));
    expect(entry).toMatchObject({
      action: "export.full_id",
      target: "Guests table",
      propertyName: "Riverside & Co. Hotel",
      outcome: "success",
      clientAddress: "203.0.113.4",
      details: {
        table: "guests",
        day: report.reportedDateLocal,
        propertyFilter: "Riverside & Co. Hotel",
        rowCount: report.items.length,
        fullIdentification: true,
        statedReason: "Police request ref. 2026/114",
        columns: ["name", "screening", "staff", ...DEFAULT_VISIBLE_COLUMNS],
      },
    });

    const stored = new Set(strings(entry));
    const personal = report.items.flatMap((item) => [
      item.firstName,
      item.middleName,
      item.lastName,
      item.identificationNumber,
      item.email,
      item.phone,
    ]);
    for (const value of personal) if (value) expect(stored.has(value), "personal data in the audit entry").toBe(false);
  });

  it("lists exports in the audit log's own CSV, every page of it, filtered like the screen", async () => {
    const actorEmail = uniqueEmail("many");
    const rows = Array.from({ length: 1_203 }, (_, index) => ({
      action: index % 3 === 0 ? "export.csv" : "sign_in.success",
      actorEmail,
      target: "Guests table",
      details: { table: "guests", rowCount: index, fullIdentification: false, columns: ["name", "room"] },
    }));
    await db().insert(auditEvents).values(rows);

    const exports = await readAuditLogForExport(db(), { action: "export.csv", actor: actorEmail });
    expect(exports).toHaveLength(401);
    expect(exports.map((event) => event.id)).toEqual([...exports.map((event) => event.id)].sort((a, b) => b - a));

    const table = auditLogCsvTable(exports);
    expect(table.headers).toEqual([
      "When (UTC)",
      "Who",
      "What",
      "Action code",
      "Target",
      "Property",
      "Outcome",
      "Details",
      "Client address",
    ]);
    expect(table.rows[0]).toEqual([
      exports[0]!.at.toISOString(),
      actorEmail,
      "Exported a table as CSV",
      "export.csv",
      "Guests table",
      "",
      "Success",
      expect.any(String),
      "",
    ]);
    // jsonb keeps its own key order; the screen and the file show what it keeps.
    expect(String(table.rows[0]![7]).split("; ").sort()).toEqual([
      "columns: name, room",
      "fullIdentification: no",
      "rowCount: 1200",
      "table: guests",
    ]);
    expect(await readAuditLogForExport(db(), { actor: actorEmail })).toHaveLength(1_203);
  });

  it("refuses a file larger than the limit rather than cutting it short", async () => {
    const actorEmail = uniqueEmail("limit");
    await db()
      .insert(auditEvents)
      .values(Array.from({ length: 12 }, () => ({ action: "sign_out", actorEmail })));
    await expect(readAuditLogForExport(db(), { actor: actorEmail }, 11)).rejects.toBeInstanceOf(AppError);
    expect(await readAuditLogForExport(db(), { actor: actorEmail }, 12)).toHaveLength(12);
  });

  it("exports a stored day exactly as the live one, the live ban as of the stored reading", async () => {
    const pulledAt = new Date("2026-11-23T12:00:00Z");
    await storeReport(db(), "guests", report, { pulledAt, privacy: await readStorePrivacy(db()) });
    const stored = await readStoredReport(db(), "guests", report.reportedDateLocal);
    expect(stored).not.toBeNull();
    const liveAsOf = stored!.copy.liveObservedAt ?? stored!.copy.pulledAt;
    expect(liveAsOf).toBe(pulledAt.toISOString());

    const fromStore = guestsCsvTable(stored!.report.items, { ...options, liveAsOf, identification: "masked" });
    const live = guestsCsvTable(report.items, { ...options, liveAsOf, identification: "masked" });
    expect(fromStore).toEqual(live);
    expect(fromStore.headers).toContain("Currently banned (live, as of Nov 23, 2026, 12:00 PM UTC)");

    const failures = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "export.csv"), eq(auditEvents.outcome, "failure")));
    expect(failures).toEqual([]);
  });
});
