import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";

import { readRequiredRoles } from "@/lib/server/auth/required-steps";
import { hasSecondFactor } from "@/lib/server/auth/second-factor";
import { findUserByEmail } from "@/lib/server/auth/users";
import { claimDatabaseMode, readDatabaseMode } from "@/lib/server/db/mode";
import { openDatabase } from "@/lib/server/db/open";
import { auditEvents, users } from "@/lib/server/db/schema";
import { buildKeyring } from "@/lib/server/encryption";
import { confirmEnrolment, startEnrolment } from "@/lib/server/totp";
import { addUser } from "@/tests/support/access-fixtures";
import { commandEnv, runScript } from "@/tests/support/commands";
import { migratedDataDir } from "@/tests/support/data-directory";

const dataDir = migratedDataDir("daybook-user-cli-");

/** The operator's command, as a separate process on its own embedded database. */
async function user(...args: string[]) {
  return userOn(dataDir, ...args);
}

async function userOn(directory: string, ...args: string[]) {
  return runScript(
    "user",
    args,
    commandEnv({
      PARTNER_API_BASE_URL: "",
      DATABASE_URL: "",
      DAYBOOK_DATA_DIR: directory,
    }),
  );
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run user", () => {
  it("adds an account with a generated password, lists it, resets and disables it", async () => {
    const added = await user(
      "add",
      "--email",
      "Ops@Example.com",
      "--name",
      "Ops",
      "--role",
      "regional",
      "--properties",
      "Harbour View Hotel,Outback Rest",
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^Created ops@example\.com \(regional\)\. Password: \S{20}/);

    const listed = await user("list");
    expect(listed.stdout).toContain("ops@example.com\tregional\tactive\tHarbour View Hotel, Outback Rest");

    const reset = await user("reset", "--email", "ops@example.com");
    expect(reset.stdout).toMatch(/New password set for ops@example\.com; its sessions have ended\. Password: \S{20}/);

    expect((await user("disable", "--email", "ops@example.com")).code).toBe(0);
    expect((await user("list")).stdout).toContain("ops@example.com\tregional\tdisabled");
  }, 60_000);

  it("explains a mistake and exits 2 without touching anything", async () => {
    const wrongRole = await user("add", "--email", "x@example.com", "--role", "owner", "--all");
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.stderr).toContain("--role must be one of viewer, supervisor, regional, admin.");
    const unknown = await user("reset", "--email", "nobody@example.com");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No account has the e-mail nobody@example.com.");
  }, 60_000);

  it("reset-2fa removes a lost second factor and audits it; an added account must choose its own password", async () => {
    expect((await user("add", "--email", "totp@example.com", "--role", "admin", "--all")).code).toBe(0);
    // The embedded database takes one process at a time: set up the second factor between two commands.
    const opened = await openDatabase({ dataDir });
    try {
      const account = (await findUserByEmail(opened.db, "totp@example.com"))!;
      expect(account.passwordMustChange).toBe(true);
      const keyring = buildKeyring({ authSecret: "a-test-server-secret-of-at-least-32-characters" });
      const started = (await startEnrolment(opened.db, account, keyring))!;
      const code = new TOTP({ secret: Secret.fromBase32(started.secret) }).generate();
      expect((await confirmEnrolment(opened.db, account, code, keyring)).ok).toBe(true);
    } finally {
      await opened.close();
    }

    const reset = await user("reset-2fa", "--email", "totp@example.com");
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("Two-factor sign-in reset for totp@example.com");
    const again = await user("reset-2fa", "--email", "totp@example.com");
    expect(again.stdout).toContain("totp@example.com has no two-factor sign-in; nothing changed.");
    expect((await user("reset-2fa", "--email", "nobody@example.com")).code).toBe(2);

    const reopened = await openDatabase({ dataDir });
    try {
      const account = (await findUserByEmail(reopened.db, "totp@example.com"))!;
      expect(await hasSecondFactor(reopened.db, account.id)).toBe(false);
      const audited = await reopened.db.select().from(auditEvents).where(eq(auditEvents.action, "two_factor.reset"));
      expect(audited).toEqual([
        expect.objectContaining({ target: "totp@example.com", details: { by: "command line" } }),
      ]);
    } finally {
      await reopened.close();
    }
  }, 90_000);

  it("require-2fa chooses the roles that must use a second factor, audited; an unknown role changes nothing", async () => {
    const wrong = await user("require-2fa", "--roles", "admin,owner");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Not a role: owner.");
    const chosen = await user("require-2fa", "--roles", "regional, supervisor");
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toBe("Must sign in with a second factor: supervisor, regional.\n");
    const opened = await openDatabase({ dataDir });
    try {
      expect(await readRequiredRoles(opened.db, "demo")).toEqual({ roles: ["supervisor", "regional"], chosen: true });
      const audited = await opened.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "settings.two_factor_roles"));
      expect(audited).toEqual([
        expect.objectContaining({
          actorId: null,
          details: { by: "command line", rolesBefore: [], rolesAfter: ["supervisor", "regional"] },
        }),
      ]);
    } finally {
      await opened.close();
    }
    expect((await user("require-2fa", "--roles", "none")).stdout).toBe(
      "No role must sign in with a second factor; anyone may still set one up.\n",
    );
  }, 90_000);
});

describe("npm run user -- purge-demo", () => {
  const demoDir = migratedDataDir("daybook-purge-cli-");
  afterAll(() => rmSync(demoDir, { recursive: true, force: true }));

  it("removes the demo's accounts, records it in the audit log and marks the database live", async () => {
    const opened = await openDatabase({ dataDir: demoDir });
    try {
      await claimDatabaseMode(opened.db, "demo");
      await addUser(opened.db, "admin@daybook.demo", { role: "admin" });
      await addUser(opened.db, "ops@example.com", { role: "admin" });
    } finally {
      await opened.close();
    }

    const purged = await userOn(demoDir, "purge-demo");
    expect(purged.stderr).toBe("");
    expect(purged.code).toBe(0);
    expect(purged.stdout).toBe(
      "Removed the demo's accounts (admin@daybook.demo), 0 stored reports, 0 pulls, 0 reviews, 0 sign-offs and 0 stored API keys.\n" +
        "Accounts kept: ops@example.com.\n" +
        "The database is ready for a live Daybook.\n",
    );

    const again = await userOn(demoDir, "purge-demo");
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("This database is already live: there is no demo data to remove.");

    const reopened = await openDatabase({ dataDir: demoDir });
    try {
      expect(await readDatabaseMode(reopened.db)).toBe("live");
      expect(await reopened.db.select({ email: users.email }).from(users)).toEqual([{ email: "ops@example.com" }]);
      const [audit] = await reopened.db.select().from(auditEvents).where(eq(auditEvents.action, "demo.purge"));
      expect(audit).toMatchObject({
        actorId: null,
        target: "*@daybook.demo",
        details: expect.objectContaining({ by: "command line", accounts: ["admin@daybook.demo"] }),
      });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
