import { and, count, eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { recordWithinLimit } from "@/lib/server/audit/limit";
import { auditEvents, users } from "@/lib/server/db/schema";
import { describeEachDatabase } from "@/tests/support/databases";

const NOW = new Date("2026-11-23T12:00:00Z");
const HOUR = 3_600_000;

describeEachDatabase("an action limited per person over a rolling window, counted from the audit log", (db) => {
  it("records no more than the limit when one person asks many times at once, and says when it frees", async () => {
    const [person] = await db()
      .insert(users)
      .values({ email: "ana@example.com", name: "Ana", passwordHash: "not a hash", role: "viewer" })
      .returning({ id: users.id });
    const entry = {
      action: "guest.reveal_id" as const,
      actor: { id: person!.id, email: "ana@example.com" },
      details: { checkInAtUtc: "2026-11-22T10:00:00Z" },
    };
    // An hour and a minute ago: outside the window, not counted.
    await db()
      .insert(auditEvents)
      .values({ action: "guest.reveal_id", actorId: person!.id, at: new Date(NOW.getTime() - HOUR - 60_000) });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => recordWithinLimit(db(), entry, { max: 3, windowMs: HOUR, now: NOW })),
    );
    expect(results.filter((result) => result.recorded)).toHaveLength(3);
    expect(results.filter((result) => !result.recorded)).toEqual(
      Array(7).fill({ recorded: false, count: 3, retryAt: new Date(NOW.getTime() + HOUR) }),
    );
    const [row] = await db()
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, person!.id), eq(auditEvents.outcome, "success")));
    expect(row!.n).toBe(4);
    // Once the window has passed the first three, there is room again.
    expect(
      await recordWithinLimit(db(), entry, { max: 3, windowMs: HOUR, now: new Date(NOW.getTime() + HOUR) }),
    ).toEqual({
      recorded: true,
    });
  });
});
