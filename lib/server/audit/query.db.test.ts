import { createTranslator } from "use-intl/core";
import { beforeAll, describe, expect, it } from "vitest";

import { messagesFor } from "@/lib/core/catalogue";
import { auditEvents } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

import { listAuditEvents, parseAuditSearchParams } from "./query";

describe("parseAuditSearchParams", () => {
  it("accepts every filter and the cursor", () => {
    expect(
      parseAuditSearchParams({
        action: "user.create",
        actor: "  Ada@ ",
        outcome: "failure",
        from: "2026-11-01",
        to: "2026-11-30",
        before: "120",
      }),
    ).toEqual({
      filters: { action: "user.create", actor: "Ada@", outcome: "failure", from: "2026-11-01", to: "2026-11-30" },
      beforeId: 120,
      ignored: [],
    });
  });

  it("treats empty values as absent and takes the first of repeated ones", () => {
    expect(parseAuditSearchParams({ action: "", actor: "   ", outcome: ["success", "failure"] })).toEqual({
      filters: { outcome: "success" },
      beforeId: undefined,
      ignored: [],
    });
  });

  it("drops bad values one by one and names them", () => {
    const parsed = parseAuditSearchParams({
      action: "user.delete",
      outcome: "maybe",
      from: "2026-02-30",
      to: "yesterday",
      before: "-3",
      actor: "ok@example.com",
    });
    expect(parsed.filters).toEqual({ actor: "ok@example.com" });
    expect(parsed.beforeId).toBeUndefined();
    expect(parsed.ignored).toEqual(["Action", "Outcome", "From date", "To date", "Page"]);
  });

  it("drops a date range that ends before it starts", () => {
    const parsed = parseAuditSearchParams({ from: "2026-11-30", to: "2026-11-01", outcome: "success" });
    expect(parsed.filters).toEqual({ outcome: "success" });
    expect(parsed.ignored).toEqual(["From date and To date (the from date is after the to date)"]);
  });

  it("names what it dropped in the words it is given", () => {
    const french = createTranslator({ locale: "fr", messages: messagesFor("fr"), namespace: "admin.auditFilters" });
    const words = messagesFor("fr").admin.auditFilters;
    const bad = parseAuditSearchParams({ action: "user.delete", outcome: "maybe", before: "-3" }, french);
    expect(bad.ignored).toEqual([words.action, words.outcome, words.page]);
    expect(bad.ignored).not.toContain("Outcome");
    const range = parseAuditSearchParams({ from: "2026-11-30", to: "2026-11-01" }, french);
    expect(range.ignored).toEqual([words.range]);
    expect(words.range).not.toMatch(/from date/);
  });
});

describeEachDatabase("listAuditEvents", (db) => {
  const at = (iso: string) => new Date(iso);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const rows = await db()
      .insert(auditEvents)
      .values([
        { action: "user.create", actorEmail: null, target: "ada@example.com", at: at("2026-11-01T00:00:00Z") },
        { action: "sign_in.success", actorEmail: "Ada@Example.com", at: at("2026-11-01T23:59:59Z") },
        {
          action: "sign_in.failure",
          actorEmail: "bob@example.com",
          outcome: "failure",
          at: at("2026-11-02T08:00:00Z"),
        },
        { action: "sign_in.success", actorEmail: "per%cent_@example.com", at: at("2026-11-03T00:00:00Z") },
        {
          action: "api_key.set",
          actorEmail: "ada@example.com",
          target: "api key",
          details: { last4: "beef" },
          at: at("2026-11-03T12:00:00Z"),
        },
      ])
      .returning({ id: auditEvents.id, action: auditEvents.action, actorEmail: auditEvents.actorEmail });
    for (const row of rows) ids[`${row.action} ${row.actorEmail}`] = row.id;
  });

  it("lists newest first, with no further page when everything fits", async () => {
    const page = await listAuditEvents(db(), {}, { limit: 10 });
    expect(page.rows.map((row) => row.action)).toEqual([
      "api_key.set",
      "sign_in.success",
      "sign_in.failure",
      "sign_in.success",
      "user.create",
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("pages by id without skipping or repeating an entry", async () => {
    const seen: number[] = [];
    let cursor: number | undefined;
    let pages = 0;
    do {
      const page = await listAuditEvents(db(), {}, { beforeId: cursor, limit: 2 });
      seen.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(5);
  });

  it("filters by action and by outcome", async () => {
    const signIns = await listAuditEvents(db(), { action: "sign_in.success" }, { limit: 10 });
    expect(signIns.rows.map((row) => row.actorEmail)).toEqual(["per%cent_@example.com", "Ada@Example.com"]);
    const failures = await listAuditEvents(db(), { outcome: "failure" }, { limit: 10 });
    expect(failures.rows.map((row) => row.actorEmail)).toEqual(["bob@example.com"]);
  });

  it("matches the actor's e-mail by a case-insensitive part, with % and _ taken literally", async () => {
    const ada = await listAuditEvents(db(), { actor: "ADA@" }, { limit: 10 });
    expect(ada.rows.map((row) => row.action)).toEqual(["api_key.set", "sign_in.success"]);
    const literal = await listAuditEvents(db(), { actor: "%cent_" }, { limit: 10 });
    expect(literal.rows.map((row) => row.actorEmail)).toEqual(["per%cent_@example.com"]);
    expect((await listAuditEvents(db(), { actor: "a_a" }, { limit: 10 })).rows).toEqual([]);
  });

  it("takes from and to as whole UTC days, both included", async () => {
    const first = await listAuditEvents(db(), { from: "2026-11-01", to: "2026-11-01" }, { limit: 10 });
    expect(first.rows.map((row) => row.action)).toEqual(["sign_in.success", "user.create"]);
    const later = await listAuditEvents(db(), { from: "2026-11-02" }, { limit: 10 });
    expect(later.rows).toHaveLength(3);
    const earlier = await listAuditEvents(db(), { to: "2026-11-02" }, { limit: 10 });
    expect(earlier.rows).toHaveLength(3);
  });

  it("combines filters with the cursor", async () => {
    const newest = await listAuditEvents(db(), { action: "sign_in.success" }, { limit: 1 });
    expect(newest.rows.map((row) => row.actorEmail)).toEqual(["per%cent_@example.com"]);
    expect(newest.nextCursor).toBe(ids["sign_in.success per%cent_@example.com"]);
    const older = await listAuditEvents(
      db(),
      { action: "sign_in.success" },
      { beforeId: newest.nextCursor!, limit: 1 },
    );
    expect(older.rows.map((row) => row.actorEmail)).toEqual(["Ada@Example.com"]);
    expect(older.nextCursor).toBeNull();
  });
});
