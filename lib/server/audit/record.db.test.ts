import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import { AUDIT_ACTIONS } from "@/lib/core/audit";
import { recordAudit } from "@/lib/server/audit/record";
import { auditEvents, users, type User } from "@/lib/server/db/schema";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

describeEachDatabase("audit", (db) => {
  let admin: User;
  beforeAll(async () => {
    admin = await addUser(db(), uniqueEmail("auditor"), { role: "admin" });
  });

  const eventsFor = (target: string) => db().select().from(auditEvents).where(eq(auditEvents.target, target));

  it("stores who did what, to what, at which property, with what outcome, details and address", async () => {
    const target = uniqueEmail("audited");
    const details = {
      before: "viewer",
      after: "supervisor",
      properties: ["Harbour View Hotel", "Café {Braces}"],
      count: 2,
    };
    const before = Date.now();
    await recordAudit(db(), {
      action: "user.update",
      actor: { id: admin.id, email: admin.email },
      target,
      propertyName: "Harbour View Hotel",
      outcome: "success",
      details,
      clientAddress: "203.0.113.7",
    });
    const [event] = await eventsFor(target);
    expect(event).toMatchObject({
      action: "user.update",
      actorId: admin.id,
      actorEmail: admin.email,
      target,
      propertyName: "Harbour View Hotel",
      outcome: "success",
      details,
      clientAddress: "203.0.113.7",
    });
    expect(typeof event!.id).toBe("number");
    expect(event!.at).toBeInstanceOf(Date);
    expect(Math.abs(event!.at.getTime() - before)).toBeLessThan(60_000);
  });

  it("defaults: success, and nulls for what was not given", async () => {
    const target = uniqueEmail("defaults");
    await recordAudit(db(), { action: "sign_out", actor: { id: admin.id, email: admin.email }, target });
    expect(await eventsFor(target)).toEqual([
      expect.objectContaining({ outcome: "success", propertyName: null, details: null, clientAddress: null }),
    ]);
  });

  it("records a failure", async () => {
    const target = uniqueEmail("failure");
    await recordAudit(db(), {
      action: "sign_in.failure",
      actor: null,
      target,
      outcome: "failure",
      clientAddress: "2001:db8::1",
    });
    expect(await eventsFor(target)).toEqual([
      expect.objectContaining({ action: "sign_in.failure", outcome: "failure", clientAddress: "2001:db8::1" }),
    ]);
  });

  it("the actor may be the system (null)", async () => {
    const target = uniqueEmail("system");
    await recordAudit(db(), { action: "user.create", actor: null, target, details: { by: "first run" } });
    expect(await eventsFor(target)).toEqual([
      expect.objectContaining({ action: "user.create", actorId: null, actorEmail: null, details: { by: "first run" } }),
    ]);
  });

  it("stores details as JSON that round-trips and can be queried by key", async () => {
    const target = uniqueEmail("json");
    const details = {
      lockedUntil: "2030-01-07T09:15:04.000Z",
      nested: { list: [1, "two", null, true], empty: {} },
      quote: 'say "hi" \\ back',
      unicode: "Hôtel Élysée ✓",
      zero: 0,
    };
    await recordAudit(db(), { action: "sign_in.failure", actor: null, target, outcome: "failure", details });
    const [event] = await eventsFor(target);
    expect(event!.details).toEqual(details);

    const { rows } = await db().execute<{ kind: string; unicode: string }>(
      sql`select jsonb_typeof(${auditEvents.details}) as kind, ${auditEvents.details} ->> 'unicode' as unicode
          from ${auditEvents} where ${auditEvents.target} = ${target}`,
    );
    expect(rows).toEqual([{ kind: "object", unicode: "Hôtel Élysée ✓" }]);
  });

  it("keeps the actor's e-mail when the account is gone", async () => {
    const leaving = await addUser(db(), uniqueEmail("leaving"));
    const target = uniqueEmail("after-leaving");
    await recordAudit(db(), { action: "api_key.set", actor: { id: leaving.id, email: leaving.email }, target });
    await db().delete(users).where(eq(users.id, leaving.id));
    expect(await eventsFor(target)).toEqual([
      expect.objectContaining({ action: "api_key.set", actorId: null, actorEmail: leaving.email }),
    ]);
  });

  it("every action has a label", () => {
    for (const [action, label] of Object.entries(AUDIT_ACTIONS)) {
      expect(label.trim(), action).not.toBe("");
    }
  });
});
