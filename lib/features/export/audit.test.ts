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
  it("records the table, day, property filter, row count, columns and whether full numbers were included", () => {
    expect(exportAuditEntry(actor, facts, "203.0.113.9")).toEqual({
      action: "export.csv",
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
    expect(entry).toMatchObject({ outcome: "failure", details: { reason: "not allowed", fullIdentification: false } });
  });
});
