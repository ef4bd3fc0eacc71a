import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";

import { CLIENT_SECRET_PURPOSE } from "@/lib/server/auth/sso-client-secret";
import { openDatabase } from "@/lib/server/db/open";
import { apiKeys, auditEvents, ssoSettings } from "@/lib/server/db/schema";
import { buildKeyring, keyFromSecret, seal, unseal } from "@/lib/server/encryption";
import { getActiveApiKey, storeApiKey } from "@/lib/server/partner-api/key";
import { getMatchKey } from "@/lib/server/privacy/match-key";
import { confirmEnrolment, startEnrolment, verifyTotp } from "@/lib/server/totp";
import { addUser } from "@/tests/support/access-fixtures";
import { commandEnv, runScript } from "@/tests/support/commands";
import { migratedDataDir } from "@/tests/support/data-directory";

const dataDir = migratedDataDir("daybook-rotate-cli-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const AUTH_SECRET = "Rv6-auth-secret-of-this-install-2Lp9Xq";
const OLD_KEY = "Ck4-old-encryption-key-of-tests-7Mz1Wb";
const NEW_KEY = "Pg8-new-encryption-key-of-tests-3Ht5Yn";
const STORED = "0123456789abcdef0123456789abcdef";
const CLIENT_SECRET = "the-identity-provider's-client-secret";

/** The operator's command, as a separate process on its own embedded database. */
async function rotate(env: Record<string, string>) {
  return runScript(
    "rotate-encryption-key",
    [],
    commandEnv({
      PARTNER_API_BASE_URL: "",
      DATABASE_URL: "",
      DAYBOOK_ENCRYPTION_KEY: "",
      DAYBOOK_PREVIOUS_ENCRYPTION_KEY: "",
      DAYBOOK_DATA_DIR: dataDir,
      AUTH_SECRET,
      ...env,
    }),
  );
}

describe("npm run rotate-encryption-key", () => {
  it("re-encrypts the stored key, the two-factor secrets, the privacy match key and the identity provider's client secret under the new key, with the old one given as DAYBOOK_PREVIOUS_ENCRYPTION_KEY, and audits it", async () => {
    const before = await openDatabase({ dataDir });
    const oldKeyring = buildKeyring({ authSecret: AUTH_SECRET, encryptionKey: OLD_KEY });
    const person = { id: "", email: "rotate-totp@example.test" };
    let totpSecret = "";
    let matchKey = "";
    try {
      await storeApiKey(before.db, oldKeyring, STORED, null);
      const sealed = seal(oldKeyring, CLIENT_SECRET_PURPOSE, CLIENT_SECRET);
      await before.db.insert(ssoSettings).values({
        issuer: "https://login.example.com",
        clientId: "daybook",
        clientSecret: sealed.ciphertext,
        secretKeyId: sealed.keyId,
        scopes: "openid",
        label: "Sign in with SSO",
      });
      matchKey = (await getMatchKey(before.db, oldKeyring)).toString("hex");
      person.id = (await addUser(before.db, person.email)).id;
      totpSecret = (await startEnrolment(before.db, person, oldKeyring))!.secret;
      const first = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: Date.UTC(2026, 0, 1) });
      expect((await confirmEnrolment(before.db, person, first, oldKeyring, new Date(Date.UTC(2026, 0, 1)))).ok).toBe(
        true,
      );
    } finally {
      await before.close();
    }

    const missing = await rotate({ DAYBOOK_ENCRYPTION_KEY: NEW_KEY });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("4 stored secrets are under a key Daybook was not given");
    expect(missing.stderr).toContain("nothing was changed");

    const rotated = await rotate({ DAYBOOK_ENCRYPTION_KEY: NEW_KEY, DAYBOOK_PREVIOUS_ENCRYPTION_KEY: OLD_KEY });
    expect(rotated.stderr).toBe("");
    expect(rotated.code).toBe(0);
    const newId = keyFromSecret(NEW_KEY).id;
    expect(rotated.stdout).toBe(
      "API keys: 1 re-encrypted, 0 already under the current key.\n" +
        "two-factor secrets: 1 re-encrypted, 0 already under the current key.\n" +
        "privacy match key: 1 re-encrypted, 0 already under the current key.\n" +
        "single sign-on client secret: 1 re-encrypted, 0 already under the current key.\n" +
        `Every stored secret is now under key ${newId}. DAYBOOK_PREVIOUS_ENCRYPTION_KEY may be removed.\n`,
    );
    for (const secret of [NEW_KEY, OLD_KEY, AUTH_SECRET]) expect(rotated.stdout).not.toContain(secret);

    const after = await openDatabase({ dataDir });
    try {
      const [row] = await after.db.select().from(apiKeys);
      expect(row!.keyId).toBe(newId);
      // The new key alone now reads it.
      const keyring = buildKeyring({ authSecret: "Zz3-some-other-auth-secret-8Qw4Er", encryptionKey: NEW_KEY });
      expect(await getActiveApiKey(after.db, keyring, "f".repeat(32))).toMatchObject({
        key: STORED,
        unreadable: false,
      });
      const [audit] = await after.db.select().from(auditEvents).where(eq(auditEvents.action, "encryption_key.rotate"));
      expect(audit).toMatchObject({
        actorId: null,
        target: `key ${newId}`,
        details: {
          by: "command line",
          "API keys": 1,
          "two-factor secrets": 1,
          "privacy match key": 1,
          "single sign-on client secret": 1,
        },
      });
      const [sso] = await after.db.select().from(ssoSettings);
      expect(sso!.secretKeyId).toBe(newId);
      expect(unseal(keyring, CLIENT_SECRET_PURPOSE, { keyId: sso!.secretKeyId, ciphertext: sso!.clientSecret! })).toBe(
        CLIENT_SECRET,
      );
      // The match key is the same bytes under the new key: every stored keyed hash still matches.
      expect((await getMatchKey(after.db, keyring)).toString("hex")).toBe(matchKey);
      // The two-factor secret too: a code of a later step is accepted under the new key alone.
      const later = new Date(Date.UTC(2026, 0, 1, 0, 5));
      const code = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: later.getTime() });
      expect(await verifyTotp(after.db, person, code, keyring, later)).toBe(true);
    } finally {
      await after.close();
    }
  }, 60_000);

  it("explains what is missing or weak, never echoing a secret", async () => {
    const none = await rotate({});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Set DAYBOOK_ENCRYPTION_KEY to the new key.");
    const weak = await rotate({ DAYBOOK_ENCRYPTION_KEY: "k".repeat(40) });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("DAYBOOK_ENCRYPTION_KEY has too few different characters to be random");
    expect(weak.stderr).not.toContain("k".repeat(40));
  }, 60_000);
});
