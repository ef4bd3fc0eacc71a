import { describe, expect, it } from "vitest";

import { signUnsubscribe, verifyUnsubscribe } from "./unsubscribe-token";

const SECRET = "a-test-secret-of-enough-length-0123456789";
const USER = "5f33267b-9dd1-431e-acf8-87669a8a40c0";

describe("the unsubscribe link's token", () => {
  it("names the person and the one kind of mail it stops, and carries no address", () => {
    const token = signUnsubscribe({ userId: USER, kind: "digest" }, SECRET);
    expect(verifyUnsubscribe(token, SECRET)).toEqual({ userId: USER, kind: "digest" });
    expect(token).not.toContain(USER);
    expect(token).not.toContain("@");
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it("is refused when any character is changed", () => {
    const token = signUnsubscribe({ userId: USER, kind: "alert" }, SECRET);
    for (let index = 0; index < token.length; index++) {
      const changed = token.slice(0, index) + (token[index] === "A" ? "B" : "A") + token.slice(index + 1);
      expect(verifyUnsubscribe(changed, SECRET)).toBeNull();
    }
  });

  it("cannot be turned into another kind's or another person's, nor signed with another secret", () => {
    const token = signUnsubscribe({ userId: USER, kind: "digest" }, SECRET);
    expect(verifyUnsubscribe(token.replace(".digest.", ".alert."), SECRET)).toBeNull();
    const other = signUnsubscribe({ userId: "00000000-0000-4000-8000-000000000000", kind: "digest" }, SECRET);
    const [, , otherId] = other.split(".");
    const [version, kind, , mac] = token.split(".");
    expect(verifyUnsubscribe([version, kind, otherId, mac].join("."), SECRET)).toBeNull();
    expect(verifyUnsubscribe(token, `${SECRET}-other`)).toBeNull();
  });

  it("refuses what is not a token at all", () => {
    for (const garbage of ["", "u1", "u1.digest", "u1.digest.x.y.z", "x".repeat(500), "u2.digest.AAAA.BBBB"]) {
      expect(verifyUnsubscribe(garbage, SECRET)).toBeNull();
    }
  });
});
