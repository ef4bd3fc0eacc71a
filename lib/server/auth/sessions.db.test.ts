import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";

import {
  endSession,
  endUserSessions,
  resolveSession,
  startSession,
  type SessionPolicy,
} from "@/lib/server/auth/sessions";
import { users, type User } from "@/lib/server/db/schema";
import { addUser, sessionRow, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const POLICY: SessionPolicy = { idleMs: 30 * MINUTE, absoluteMs: 2 * 60 * MINUTE };

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

describeEachDatabase("sessions", (db) => {
  let user: User;
  beforeAll(async () => {
    user = await addUser(db(), uniqueEmail("sessions"));
  });

  /** A new session, and its start by the database's clock: the origin for every injected `now`. */
  async function start(userId = user.id) {
    const id = await startSession(db(), userId);
    const row = await sessionRow(db(), id);
    expect(row.lastSeenAt).toEqual(row.createdAt);
    return { id, t0: row.createdAt };
  }

  it("a fresh session resolves to its account", async () => {
    const { id, t0 } = await start();
    const resolved = await resolveSession(db(), id, POLICY, t0);
    expect(resolved).toMatchObject({
      ok: true,
      user: { id: user.id, email: user.email },
      session: { id, userId: user.id },
    });
    // Without an injected clock it uses the real one.
    expect((await resolveSession(db(), id, POLICY)).ok).toBe(true);
  });

  it("idle for longer than idleMs ends it as idle, for good", async () => {
    const { id, t0 } = await start();
    expect(await resolveSession(db(), id, POLICY, at(t0, POLICY.idleMs + 1))).toEqual({ ok: false, reason: "idle" });
    expect(await sessionRow(db(), id)).toMatchObject({ endedReason: "idle", endedAt: expect.any(Date) });
    // A later request, even one that would have been in time, finds it ended.
    expect(await resolveSession(db(), id, POLICY, at(t0, SECOND))).toEqual({ ok: false, reason: "idle" });
  });

  it("idle for exactly idleMs is still in time", async () => {
    const { id, t0 } = await start();
    expect((await resolveSession(db(), id, POLICY, at(t0, POLICY.idleMs))).ok).toBe(true);
  });

  it("activity within the idle window keeps it alive, each request moving last_seen_at", async () => {
    const { id, t0 } = await start();
    const step = POLICY.idleMs - SECOND;
    for (let i = 0; i <= 3; i++) {
      const now = at(t0, i * step);
      expect((await resolveSession(db(), id, POLICY, now)).ok, `step ${i}`).toBe(true);
      expect((await sessionRow(db(), id)).lastSeenAt, `step ${i}`).toEqual(i === 0 ? t0 : now);
    }
    expect(3 * step).toBeGreaterThan(2 * POLICY.idleMs); // well beyond what one idle window allows
    expect(3 * step).toBeLessThan(POLICY.absoluteMs);
  });

  it("writes last_seen_at only when more than a minute passed since the last write", async () => {
    const { id, t0 } = await start();
    expect((await resolveSession(db(), id, POLICY, at(t0, 59 * SECOND))).ok).toBe(true);
    expect((await sessionRow(db(), id)).lastSeenAt).toEqual(t0);
    expect((await resolveSession(db(), id, POLICY, at(t0, MINUTE))).ok).toBe(true);
    expect((await sessionRow(db(), id)).lastSeenAt).toEqual(t0);
    expect((await resolveSession(db(), id, POLICY, at(t0, MINUTE + 1))).ok).toBe(true);
    expect((await sessionRow(db(), id)).lastSeenAt).toEqual(at(t0, MINUTE + 1));
    // So idleness counts from the last write: at most a minute sooner than from the last request.
    expect(await resolveSession(db(), id, POLICY, at(t0, MINUTE + 1 + POLICY.idleMs + 1))).toEqual({
      ok: false,
      reason: "idle",
    });
  });

  it("older than absoluteMs ends it as expired, however active", async () => {
    const { id, t0 } = await start();
    const step = 20 * MINUTE;
    let now = t0;
    for (; now.getTime() - t0.getTime() <= POLICY.absoluteMs; now = at(now, step)) {
      expect((await resolveSession(db(), id, POLICY, now)).ok, `${(now.getTime() - t0.getTime()) / MINUTE} min`).toBe(
        true,
      );
    }
    // The last request was one step ago, well within the idle window.
    expect(await resolveSession(db(), id, POLICY, now)).toEqual({ ok: false, reason: "expired" });
    expect(await sessionRow(db(), id)).toMatchObject({ endedReason: "expired" });
    expect(await resolveSession(db(), id, POLICY, t0)).toEqual({ ok: false, reason: "expired" });
  });

  it("both too old and idle: expired", async () => {
    const { id, t0 } = await start();
    expect(await resolveSession(db(), id, POLICY, at(t0, POLICY.absoluteMs + 1))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("an unknown or malformed id does not resolve", async () => {
    for (const id of [randomUUID(), "not-a-session", "", "x".repeat(36), `${randomUUID()}0`, "' or 1=1 --"]) {
      expect(await resolveSession(db(), id, POLICY), JSON.stringify(id)).toEqual({ ok: false, reason: "unknown" });
    }
  });

  // The id comes from a signed cookie, but a malformed one must still end as "unknown", not as a 500.
  it("36 characters that pass the id check but are no UUID do not resolve, and do not throw", async () => {
    for (const id of ["a".repeat(36), "-".repeat(36)]) {
      expect(await resolveSession(db(), id, POLICY), id).toEqual({ ok: false, reason: "unknown" });
    }
  });

  it("endSession ends it with its reason, which a later end does not overwrite", async () => {
    const { id, t0 } = await start();
    await endSession(db(), id, "sign_out");
    expect(await resolveSession(db(), id, POLICY, t0)).toEqual({ ok: false, reason: "sign_out" });
    const ended = await sessionRow(db(), id);
    await endSession(db(), id, "idle");
    expect(await sessionRow(db(), id)).toEqual(ended);
    expect(await resolveSession(db(), id, POLICY, t0)).toEqual({ ok: false, reason: "sign_out" });
  });

  it("endUserSessions ends the open sessions of one account only", async () => {
    const other = await addUser(db(), uniqueEmail("sessions-other"));
    const signedOut = await start(other.id);
    await endSession(db(), signedOut.id, "sign_out");
    const open = [await start(other.id), await start(other.id)];
    const mine = await start();

    await endUserSessions(db(), other.id, "password_reset");
    for (const { id, t0 } of open) {
      expect(await resolveSession(db(), id, POLICY, t0)).toEqual({ ok: false, reason: "password_reset" });
    }
    expect(await resolveSession(db(), signedOut.id, POLICY, signedOut.t0)).toEqual({ ok: false, reason: "sign_out" });
    expect((await resolveSession(db(), mine.id, POLICY, mine.t0)).ok).toBe(true);
  });

  it("a disabled account's session does not resolve, and is ended as disabled", async () => {
    const disabled = await addUser(db(), uniqueEmail("sessions-disabled"));
    const { id, t0 } = await start(disabled.id);
    // Disabled behind the repository's back: resolveSession must check the account itself.
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    expect(await resolveSession(db(), id, POLICY, t0)).toEqual({ ok: false, reason: "disabled" });
    expect(await sessionRow(db(), id)).toMatchObject({ endedReason: "disabled", endedAt: expect.any(Date) });

    await db().update(users).set({ disabledAt: null }).where(eq(users.id, disabled.id));
    expect(await resolveSession(db(), id, POLICY, t0)).toEqual({ ok: false, reason: "disabled" });
  });
});
