import { describe, expect, it } from "vitest";

import { exportAuditEntry, type ExportFacts } from "./audit";

const actor = { id: "u1", email: "supervisor@daybook.demo" };
const facts: ExportFacts = {
  table: "guests",
  day: "2026-11-22",
  stored: false,
  propertyFilter: "Harbour View Hotel",
  rowCount: 12,
  columns: ["name", "screening", "staff", "identification"],
  fullIdentification: true,
  view: { searched: true, sort: "name asc", table: "overridden?" },
};

describe("exportAuditEntry", () => {
  it("records the table, day, property filter, row count, columns, full numbers and the reason for them", () => {
    expect(exportAuditEntry(actor, { ...facts, statedReason: "Police request ref. 2026/114" }, "203.0.113.9")).toEqual({
      action: "export.full_id",
      actor,
      target: "Guests table",
      propertyName: "Harbour View Hotel",
      outcome: "success",
      details: {
        table: "guests",
        day: "2026-11-22",
        stored: false,
        propertyFilter: "Harbour View Hotel",
        rowCount: 12,
        columns: ["name", "screening", "staff", "identification"],
        fullIdentification: true,
        statedReason: "Police request ref. 2026/114",
        searched: true,
        sort: "name asc",
      },
      clientAddress: "203.0.113.9",
    });
  });

  it("records a refusal with its reason", () => {
    const entry = exportAuditEntry(
      actor,
      { ...facts, rowCount: 0, fullIdentification: false },
      null,
      "failure",
      "not allowed",
    );
    expect(entry).toMatchObject({
      action: "export.csv",
      outcome: "failure",
      details: { reason: "not allowed", fullIdentification: false },
    });
  });

  it("files a masked export under CSV exports, apart from full numbers", () => {
    expect(exportAuditEntry(actor, { ...facts, fullIdentification: false }, null).action).toBe("export.csv");
  });
});
