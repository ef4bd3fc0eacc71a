import { randomBytes, scryptSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import { decoyHash, hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from "@/lib/server/auth/password";

// Each hash or verification costs ~0.4 s: hash once in beforeAll and verify in parallel.
const PASSWORD = "café ﬁnal Ｐａｓｓ 2026"; // composed é, the "ﬁ" ligature and full-width letters
/** The same password as NFKC sees it: decomposed é, "fi" and ASCII letters. */
const PASSWORD_NFKC_EQUIVALENT = "cafe\u0301 final Pass 2026";

const BASE64 = "[A-Za-z0-9+/]+={0,2}";

/** A hash as an older Daybook with cheaper parameters would have stored it. */
function legacyHash(password: string, N: number, r: number, p: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashing", () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
  });

  it("verifies the password it hashed, and not another", async () => {
    const [right, almost] = await Promise.all([verifyPassword(PASSWORD, first), verifyPassword(`${PASSWORD} `, first)]);
    expect({ right, almost }).toEqual({ right: true, almost: false });
  });

  it("salts each hash on its own", async () => {
    expect(first).not.toBe(second);
    expect(first.split("$")[4]).not.toBe(second.split("$")[4]);
    expect(await verifyPassword(PASSWORD, second)).toBe(true);
  });

  it("stores its parameters with the hash: scrypt$N$r$p$salt$key", () => {
    const { N, r, p, keyLength, saltLength } = PASSWORD_HASH_PARAMS;
    expect({ N, r, p }).toEqual({ N: 131072, r: 8, p: 1 });
    expect(first).toMatch(new RegExp(`^scrypt\\$131072\\$8\\$1\\$${BASE64}\\$${BASE64}$`));
    const [, , , , salt, key] = first.split("$");
    expect(Buffer.from(salt!, "base64")).toHaveLength(saltLength);
    expect(Buffer.from(key!, "base64")).toHaveLength(keyLength);
  });

  it("verifies a hash stored with other parameters, as they read from the hash itself", async () => {
    const old = legacyHash(PASSWORD, 1024, 8, 1);
    expect(await verifyPassword(PASSWORD, old)).toBe(true);
    expect(await verifyPassword("not the password", old)).toBe(false);
  });

  it("normalizes to NFKC, so the same password typed another way verifies", async () => {
    expect(PASSWORD_NFKC_EQUIVALENT).not.toBe(PASSWORD);
    expect(await verifyPassword(PASSWORD_NFKC_EQUIVALENT, first)).toBe(true);
  });

  it("verifies false, without throwing, against stored strings that are not hashes", async () => {
    const malformed = [
      "",
      "garbage",
      "$$$$$",
      "bcrypt$2b$10$abcdefghijklmnopqrstuv",
      "scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA==", // no key
      "scrypt$131072$8$1$$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=", // no salt
      first.replace(/^scrypt/, "SCRYPT"),
    ];
    for (const stored of malformed) {
      await expect(verifyPassword(PASSWORD, stored), JSON.stringify(stored)).resolves.toBe(false);
    }
  });

  // A damaged row must answer false, never throw.
  it("verifies false, without throwing, when the stored parameters are not valid", async () => {
    const [, , , , salt, key] = first.split("$");
    for (const params of ["x$8$1", "3$8$1", "131072$0$1"]) {
      const stored = `scrypt$${params}$${salt}$${key}`;
      await expect(verifyPassword(PASSWORD, stored), stored).resolves.toBe(false);
    }
  });

  // An empty key would make scrypt derive nothing, and nothing equals nothing: any password would match.
  it("a stored hash whose key decodes to nothing matches no password", async () => {
    const [, , , , salt] = first.split("$");
    for (const key of ["=", "!!!"]) {
      const stored = `scrypt$1024$8$1$${salt}$${key}`;
      await expect(verifyPassword("any password at all", stored), stored).resolves.toBe(false);
    }
  });

  it("gives one decoy hash per process, a real one that matches no ordinary password", async () => {
    const decoy = await decoyHash();
    expect(await decoyHash()).toBe(decoy);
    expect(decoy).toMatch(new RegExp(`^scrypt\\$131072\\$8\\$1\\$${BASE64}\\$${BASE64}$`));
    expect(await verifyPassword(PASSWORD, decoy)).toBe(false);
  });
});
