import { describe, expect, it } from "vitest";

import type { AuditEvent } from "@/lib/server/db/schema";

import { auditLogCsvTable } from "./audit-log";

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: new Date("2026-11-23T07:14:00.000Z"),
  action: "user.create",
  actorId: null,
  actorEmail: null,
  target: null,
  propertyName: null,
  outcome: "success",
  details: null,
  clientAddress: null,
  ...overrides,
});

describe("auditLogCsvTable", () => {
  it("writes what the screen shows, the system named as such and an unknown action as stored", () => {
    const table = auditLogCsvTable([
      event({ details: { by: "first run" } }),
      event({
        action: "retired.action",
        actorEmail: "admin@daybook.demo",
        outcome: "failure",
        details: { properties: [], ok: true },
      }),
    ]);
    expect(table.rows).toEqual([
      [
        "2026-11-23T07:14:00.000Z",
        "The system",
        "Created an account",
        "user.create",
        "",
        "",
        "Success",
        "by: first run",
        "",
      ],
      [
        "2026-11-23T07:14:00.000Z",
        "admin@daybook.demo",
        "retired.action",
        "retired.action",
        "",
        "",
        "Failure",
        "properties: none; ok: yes",
        "",
      ],
    ]);
  });

  it("keeps only chosen columns", () => {
    expect(auditLogCsvTable([event({})], ["at", "action"]).headers).toEqual(["When (UTC)", "What", "Action code"]);
  });
});
