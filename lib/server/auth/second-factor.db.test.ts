import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { beforeEach, expect, it } from "vitest";

import { recoveryCodes, userSecondFactors, type User } from "@/lib/server/db/schema";
import { buildKeyring } from "@/lib/server/encryption";
import { confirmEnrolment, startEnrolment, verifyTotp } from "@/lib/server/totp";
import { addUser, uniqueEmail } from "@/tests/support/access-fixtures";
import { describeEachDatabase } from "@/tests/support/databases";

import { requiredStep, writeRequiredRoles } from "./required-steps";
import {
  CHALLENGE_TTL_MS,
  challengeUser,
  consumeVerifiedChallenge,
  createChallenge,
  hasSecondFactor,
  markChallengeVerified,
  redeemRecoveryCode,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorState,
} from "./second-factor";

const KEYRING = buildKeyring({ authSecret: "a-test-server-secret-of-at-least-32-characters" });
const T0 = new Date("2030-03-04T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** What a person's authenticator app shows at `when`, from the key shown at enrolment. */
function codeAt(secret: string, when: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: when.getTime(),
  });
}

describeEachDatabase("second factor", (db) => {
  let user: User;
  beforeEach(async () => {
    user = await addUser(db(), uniqueEmail("totp"));
  });

  async function enrol(): Promise<{ secret: string; codes: string[] }> {
    const started = await startEnrolment(db(), user, KEYRING);
    if (!started) throw new Error("enrolment did not start");
    const confirmed = await confirmEnrolment(db(), user, codeAt(started.secret, T0), KEYRING, T0);
    if (!confirmed.ok) throw new Error("enrolment not confirmed");
    return { secret: started.secret, codes: confirmed.recoveryCodes };
  }

  it("enrolment shows a QR code and key, stores the secret encrypted, and is on only once a first code confirms it", async () => {
    const started = await startEnrolment(db(), user, KEYRING);
    expect(started?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started?.uri).toContain("otpauth://totp/Daybook:");
    const [row] = await db().select().from(userSecondFactors).where(eq(userSecondFactors.userId, user.id));
    expect(row?.secretEncrypted).not.toContain(started!.secret);
    expect(await hasSecondFactor(db(), user.id)).toBe(false);

    const right = codeAt(started!.secret, T0);
    const wrong = right.slice(0, 5) + String((Number(right[5]) + 5) % 10);
    expect(await confirmEnrolment(db(), user, wrong, KEYRING, T0)).toEqual({ ok: false, reason: "wrong_code" });
    expect(await hasSecondFactor(db(), user.id)).toBe(false);
    const confirmed = await confirmEnrolment(db(), user, right, KEYRING, T0);
    expect(confirmed.ok).toBe(true);
    expect(await hasSecondFactor(db(), user.id)).toBe(true);
    expect(await secondFactorState(db(), user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Once on, enrolment does not start again over it.
    expect(await startEnrolment(db(), user, KEYRING)).toBeNull();
  });

  it("recovery codes are stored hashed: none of the codes shown is in the database", async () => {
    const { codes } = await enrol();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    const hashes = stored.map((row) => row.codeHash).join(" ");
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace("-", ""));
    }
  });

  it("a code is accepted once: the same code again, or an older one, is refused; the next step's code works", async () => {
    const { secret } = await enrol();
    const later = at(90);
    expect(await verifyTotp(db(), user, codeAt(secret, later), KEYRING, later)).toBe(true);
    expect(await verifyTotp(db(), user, codeAt(secret, later), KEYRING, later)).toBe(false);
    // The previous step's code is still within the window, but older than the one used.
    expect(await verifyTotp(db(), user, codeAt(secret, at(60)), KEYRING, later)).toBe(false);
    expect(await verifyTotp(db(), user, codeAt(secret, at(120)), KEYRING, at(120))).toBe(true);
  });

  it("the code that confirmed enrolment cannot sign in afterwards", async () => {
    const { secret } = await enrol();
    expect(await verifyTotp(db(), user, codeAt(secret, T0), KEYRING, at(5))).toBe(false);
  });

  it("the same code sent twice at once is accepted once", async () => {
    const { secret } = await enrol();
    const later = at(300);
    const code = codeAt(secret, later);
    const answers = await Promise.all([1, 2, 3].map(() => verifyTotp(db(), user, code, KEYRING, later)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it("codes outside the window, malformed codes, and codes under another encryption key are refused", async () => {
    const { secret } = await enrol();
    expect(await verifyTotp(db(), user, codeAt(secret, at(600)), KEYRING, at(900))).toBe(false);
    expect(await verifyTotp(db(), user, "12345", KEYRING, at(900))).toBe(false);
    expect(await verifyTotp(db(), user, "abcdef", KEYRING, at(900))).toBe(false);
    expect(
      await verifyTotp(
        db(),
        user,
        codeAt(secret, at(930)),
        buildKeyring({ authSecret: "another-secret-of-at-least-32-characters!" }),
        at(930),
      ),
    ).toBe(false);
  });

  it("a recovery code works once, in any case and spacing; new codes replace the old ones", async () => {
    const { codes } = await enrol();
    const [first, second] = codes as [string, string];
    expect(await redeemRecoveryCode(db(), user.id, first.toLowerCase().replace("-", " "))).toBe(true);
    expect(await redeemRecoveryCode(db(), user.id, first)).toBe(false);
    expect(await secondFactorState(db(), user.id)).toMatchObject({ recoveryCodesLeft: 9 });
    const again = await Promise.all([1, 2].map(() => redeemRecoveryCode(db(), user.id, second)));
    expect(again.filter(Boolean)).toHaveLength(1);

    const fresh = await replaceRecoveryCodes(db(), user.id);
    expect(await redeemRecoveryCode(db(), user.id, codes[2]!)).toBe(false);
    expect(await redeemRecoveryCode(db(), user.id, fresh[0]!)).toBe(true);
  });

  it("another account's recovery code does not work", async () => {
    const { codes } = await enrol();
    const other = await addUser(db(), uniqueEmail("other"));
    expect(await redeemRecoveryCode(db(), other.id, codes[0]!)).toBe(false);
  });

  it("removing the second factor takes the secret and the recovery codes", async () => {
    const { codes } = await enrol();
    expect(await removeSecondFactor(db(), user.id)).toBe(true);
    expect(await hasSecondFactor(db(), user.id)).toBe(false);
    expect(await redeemRecoveryCode(db(), user.id, codes[0]!)).toBe(false);
    expect(await removeSecondFactor(db(), user.id)).toBe(false);
  });

  it("a sign-in challenge stands for its account until it runs out, and starts a session once, only once verified", async () => {
    const challenge = await createChallenge(db(), user.id, T0);
    expect(await challengeUser(db(), challenge, at(10))).toBe(user.id);
    expect(await challengeUser(db(), challenge, new Date(T0.getTime() + CHALLENGE_TTL_MS + 1))).toBeNull();
    expect(await challengeUser(db(), "not-a-uuid", at(10))).toBeNull();
    // A correct password alone: no session from it.
    expect(await consumeVerifiedChallenge(db(), challenge, at(10))).toBeNull();
    await markChallengeVerified(db(), challenge, "authenticator app");
    expect(await consumeVerifiedChallenge(db(), challenge, new Date(T0.getTime() + CHALLENGE_TTL_MS + 1))).toBeNull();
    const twice = await Promise.all([1, 2].map(() => consumeVerifiedChallenge(db(), challenge, at(20))));
    expect(twice.filter(Boolean)).toEqual([{ userId: user.id, verifiedWith: "authenticator app" }]);
    expect(await challengeUser(db(), challenge, at(20))).toBeNull();
  });

  it("required steps: a password set by an admin first, then a second factor for the roles that need one", async () => {
    const supervisor = await addUser(db(), uniqueEmail("sup"), { role: "supervisor", passwordMustChange: true });
    const viewer = await addUser(db(), uniqueEmail("view"), { role: "viewer" });
    // Nobody chose yet: live mode asks admins and supervisors, the demo nobody.
    expect(await requiredStep(db(), supervisor, "demo")).toBe("password");
    expect(await requiredStep(db(), { ...supervisor, passwordMustChange: false }, "demo")).toBeNull();
    expect(await requiredStep(db(), { ...supervisor, passwordMustChange: false }, "live")).toBe("second_factor");
    expect(await requiredStep(db(), viewer, "live")).toBeNull();

    await writeRequiredRoles(db(), ["viewer"], null);
    expect(await requiredStep(db(), viewer, "demo")).toBe("second_factor");
    expect(await requiredStep(db(), { ...supervisor, passwordMustChange: false }, "live")).toBeNull();
    user = viewer;
    await enrol();
    expect(await requiredStep(db(), viewer, "demo")).toBeNull();
    await writeRequiredRoles(db(), [], null);
  });
});
