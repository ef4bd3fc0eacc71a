/**
 * The unsubscribe link as its page and the one-click route use it: signed out (no session, only the
 * token), one kind of mail for one person, harmless when used twice, audited as the person's own
 * act; a token changed by one character, or turned to another purpose, is refused and changes nothing.
 * The demo's configuration on a real embedded database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Role } from "@/lib/core/access";
import { translatorFor } from "@/lib/core/catalogue";

let dataDir: string;
let mail: typeof import("@/lib/features/mail/server");
let tokens: typeof import("@/lib/server/mail/unsubscribe-token");
let preferences: typeof import("@/lib/features/preferences/server");
let dbModule: typeof import("@/lib/server/db");
let schema: typeof import("@/lib/server/db/schema");

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "daybook-unsubscribe-"));
  Object.assign(process.env, { DAYBOOK_DATA_DIR: dataDir, DAYBOOK_SYNC: "off", DAYBOOK_DEMO_HISTORY_DAYS: "0" });
  mail = await import("@/lib/features/mail/server");
  tokens = await import("@/lib/server/mail/unsubscribe-token");
  preferences = await import("@/lib/features/preferences/server");
  dbModule = await import("@/lib/server/db");
  schema = await import("@/lib/server/db/schema");
});

afterAll(async () => {
  await dbModule.closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});

let people = 0;
async function person(role: Role): Promise<{ id: string; email: string }> {
  people += 1;
  const email = `mail${people}@example.com`;
  const [row] = await (
    await dbModule.getDb()
  )
    .insert(schema.users)
    .values({ email, name: `Mail ${people}`, passwordHash: "not a hash", role, properties: ["Harbour View Hotel"] })
    .returning({ id: schema.users.id });
  return { id: row!.id, email };
}

const link = (userId: string, kind: "digest" | "alert") => tokens.signUnsubscribe({ userId, kind });
const storedSettings = (userId: string) => preferences.readUserPreference(userId, "mail");

/** The error a call fails with, to check its status and code. */
async function failure(call: Promise<unknown>): Promise<{ status?: number; code?: string }> {
  try {
    await call;
  } catch (error) {
    return error as { status?: number; code?: string; message?: string };
  }
  throw new Error("expected the call to fail");
}

describe("an unsubscribe link", () => {
  it("stops the digest of the person it names, and only the digest; twice is harmless; audited", async () => {
    const supervisor = await person("supervisor");
    const token = link(supervisor.id, "digest");
    expect(await mail.readUnsubscribeLinkState(token)).toEqual({ kind: "digest", stopped: false });

    expect(await mail.unsubscribeByLink(token, "192.0.2.8")).toEqual({ kind: "digest", words: "the daily digest" });
    expect(await storedSettings(supervisor.id)).toEqual({
      digest: false,
      alerts: { criminalUnacknowledged: true },
      hour: 7,
      zone: null,
    });
    expect(await mail.readUnsubscribeLinkState(token)).toMatchObject({ stopped: true });

    await mail.unsubscribeByLink(token, "192.0.2.8");
    expect(await storedSettings(supervisor.id)).toMatchObject({
      digest: false,
      alerts: { criminalUnacknowledged: true },
    });

    const entries = await (
      await dbModule.getDb()
    )
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.action, "mail.unsubscribe"), eq(schema.auditEvents.actorId, supervisor.id)))
      .orderBy(schema.auditEvents.id);
    expect(entries.map((entry) => [entry.actorEmail, entry.target, entry.clientAddress, entry.details])).toEqual([
      [supervisor.email, supervisor.email, "192.0.2.8", { kind: "digest", wasOn: true }],
      [supervisor.email, supervisor.email, "192.0.2.8", { kind: "digest", wasOn: false }],
    ]);
  });

  it("of the alert kind stops the alert and keeps the person's other choices", async () => {
    const supervisor = await person("supervisor");
    await preferences.writeUserPreference(supervisor.id, "mail", {
      digest: true,
      alerts: { criminalUnacknowledged: true },
      hour: 6,
      zone: "Europe/Lisbon",
    });
    await mail.unsubscribeByLink(link(supervisor.id, "alert"), null);
    expect(await storedSettings(supervisor.id)).toEqual({
      digest: true,
      alerts: { criminalUnacknowledged: false },
      hour: 6,
      zone: "Europe/Lisbon",
    });
  });

  it("is refused when changed by one character or turned to another purpose, and changes nothing", async () => {
    const supervisor = await person("supervisor");
    const token = link(supervisor.id, "digest");
    const changed = [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      token.replace(".digest.", ".alert."),
      `${token}x`,
      "",
      "u1.digest.x.y",
    ];
    for (const bad of changed) {
      expect(await mail.readUnsubscribeLinkState(bad)).toBeNull();
      expect(await failure(mail.unsubscribeByLink(bad, null))).toMatchObject({ status: 400, code: "invalid_link" });
    }
    expect(await storedSettings(supervisor.id)).toBeNull();
  });

  it("of an account that is gone opens as not valid", async () => {
    const gone = link("00000000-0000-4000-8000-000000000000", "digest");
    expect(await mail.readUnsubscribeLinkState(gone)).toBeNull();
    expect(await failure(mail.unsubscribeByLink(gone, null))).toMatchObject({
      status: 404,
      code: "invalid_link",
      message: "This unsubscribe link is no longer valid: its account is gone.",
    });
    // The page's refusal is in the words of the page's language.
    expect(await failure(mail.unsubscribeByLink(gone, null, translatorFor("fr", "mail")))).toMatchObject({
      status: 404,
      message: "Ce lien de désabonnement n’est plus valide : son compte n’existe plus.",
    });
  });
});
